package dev.deflateaccel.lab.tools;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A program's command-line options, each declared once (name, value kind and range, default, help);
 * parsing, the range checks and the usage text all come from these declarations, so they cannot drift
 * apart. {@code O} is the options object the declared setters fill in.
 */
public final class OptionTable<O> {
    /** Help text wraps here, so that the usage reads in a 120-column terminal. */
    private static final int WIDTH = 112;
    /** A name wider than this puts its help on the next line rather than push every help right. */
    private static final int MAX_NAME_COLUMN = 32;

    private final String header;
    private final Map<String, Declared<O>> declared = new LinkedHashMap<>();
    private final List<Preset<O>> presets = new ArrayList<>();

    /** {@code header}: the synopsis and what the program does, printed above the generated option list. */
    public OptionTable(String header) {
        this.header = header;
    }

    /** An option without a value. */
    public OptionTable<O> flag(String name, String help, Consumer<O> set) {
        return add(new Declared<>("  " + name, false, null, help, (o, text) -> set.accept(o)), name);
    }

    /**
     * An option with a value, {@code shown} as "--name METAVAR" in the usage; {@code defaultText}, when not
     * null, is parsed like a given value before the arguments are, and shown in the usage.
     */
    public <T> OptionTable<O> option(String shown, ValueKind<T> kind, String defaultText, String help,
                                     BiConsumer<O, T> set) {
        String name = shown.substring(0, shown.indexOf(' '));
        return add(new Declared<>("  " + shown, true, defaultText, help,
                (o, text) -> set.accept(o, kind.parse(name, text))), name);
    }

    /**
     * Defaults a mode changes, as options and values ("--rows 50000 --seconds 10"), set where not given,
     * whatever the order on the command line; of the presets whose {@code mode} holds after parsing, the
     * first declared. The usage lists them under {@code label}.
     */
    public OptionTable<O> preset(String label, Predicate<O> mode, String options) {
        presets.add(new Preset<>(label, mode, options));
        return this;
    }

    private OptionTable<O> add(Declared<O> option, String name) {
        if (declared.put(name, option) != null) {
            throw new IllegalStateException(name + " declared twice");
        }
        return this;
    }

    /**
     * Sets every default, then the options in {@code args}, then the first preset that applies; returns
     * the names given. An unknown option, a missing or bad value is refused with a message naming it;
     * -h and --help are refused with an empty message, as the programs print the usage for both.
     */
    public Set<String> parse(String[] args, O into) {
        declared.values().stream().filter(d -> d.defaultText != null).forEach(d -> d.set.accept(into, d.defaultText));
        Set<String> given = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            Declared<O> option = declared.get(name);
            if (name.equals("-h") || name.equals("--help")) {
                throw new IllegalArgumentException("");
            } else if (option == null) {
                throw new IllegalArgumentException("unknown option " + name);
            } else if (option.takesValue && i + 1 == args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            option.set.accept(into, option.takesValue ? args[++i] : null);
            given.add(name);
        }
        presets.stream().filter(p -> p.when.test(into)).findFirst()
                .ifPresent(p -> applyUnlessGiven(given, into, p.options));
        return given;
    }

    private void applyUnlessGiven(Set<String> given, O into, String preset) {
        String[] pairs = preset.split(" ");
        for (int i = 0; i < pairs.length; i += 2) {
            if (!given.contains(pairs[i])) {
                declared.get(pairs[i]).set.accept(into, pairs[i + 1]);
            }
        }
    }

    public String usage() {
        int column = declared.values().stream().mapToInt(d -> d.left.length() + 2).filter(w -> w <= MAX_NAME_COLUMN)
                .max().orElse(MAX_NAME_COLUMN);
        StringBuilder usage = new StringBuilder(header).append("\noptions:");
        for (Declared<O> option : declared.values()) {
            entry(usage, column, option.left, option.help + (option.defaultText == null ? ""
                    : " (default " + option.defaultText + ")"));
        }
        if (!presets.isEmpty()) {
            usage.append("\ndefaults each mode changes, unless given:");
            presets.forEach(p -> entry(usage, column, "  " + p.label, p.options));
        }
        return usage.toString();
    }

    /** {@code left}, then {@code text} from {@code column} on, wrapped; a wide {@code left} has a line of its own. */
    private static void entry(StringBuilder usage, int column, String left, String text) {
        StringBuilder line = new StringBuilder(left);
        for (String word : text.split(" ")) {
            if (line.length() > column && line.length() + 1 + word.length() > WIDTH
                    || line.length() + 2 > column && line.length() == left.length()) {
                usage.append("\n").append(line);
                line.setLength(0);
            }
            while (line.length() < column) {
                line.append(' ');
            }
            line.append(line.length() > column ? " " : "").append(word);
        }
        usage.append("\n").append(line);
    }

    private static final class Preset<O> {
        final String label;
        final Predicate<O> when;
        final String options;

        Preset(String label, Predicate<O> when, String options) {
            this.label = label;
            this.when = when;
            this.options = options;
        }
    }

    private static final class Declared<O> {
        final String left;
        final boolean takesValue;
        final String defaultText;
        final String help;
        final BiConsumer<O, String> set;

        Declared(String left, boolean takesValue, String defaultText, String help, BiConsumer<O, String> set) {
            this.left = left;
            this.takesValue = takesValue;
            this.defaultText = defaultText;
            this.help = help;
            this.set = set;
        }
    }
}
