package dev.deflateaccel.lab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class OptionTableTest {

    /** What a program's options object looks like to the table: fields its setters fill in. */
    static final class Settings {
        long rows;
        double share;
        int rounds;
        List<Integer> sizes;
        List<String> directions;
        Path dir;
        boolean quick;
    }

    private static final OptionTable<Settings> TABLE = new OptionTable<Settings>("usage: prog [options]")
            .option("--rows N", ValueKind.wholeNumber(1000, Long.MAX_VALUE), "5000", "rows loaded",
                    (s, v) -> s.rows = v)
            .option("--share F", ValueKind.number(0, 1), "0.8", "share of reads", (s, v) -> s.share = v)
            .option("--rounds R", ValueKind.integer(1, 100), "3", "rounds", (s, v) -> s.rounds = v)
            .option("--sizes K,...", ValueKind.ints(1, 64), "4,16", "chunk sizes in KiB", (s, v) -> s.sizes = v)
            .option("--directions DIRECTION,DIRECTION,...", ValueKind.words(List.of("compress", "decompress")),
                    "compress", "directions", (s, v) -> s.directions = v)
            .option("--dir DIR", ValueKind.absolutePath(), null, "where the files go, a long help line that wraps at "
                    + "the usage's width rather than run off the terminal's right edge in an 80 or 120 column window",
                    (s, v) -> s.dir = v)
            .flag("--quick", "a smoke run", s -> s.quick = true);

    private static Settings parse(String... args) {
        Settings s = new Settings();
        TABLE.parse(args, s);
        return s;
    }

    private static String refusal(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> parse(args)).getMessage();
    }

    @Test
    void defaultsGoThroughTheSameParserAndGivenValuesReplaceThem() {
        Settings defaults = parse();
        assertEquals(5000, defaults.rows);
        assertEquals(0.8, defaults.share);
        assertEquals(List.of(4, 16), defaults.sizes);
        assertEquals(null, defaults.dir);
        assertFalse(defaults.quick);
        Settings s = parse("--quick", "--rows", "20000", "--sizes", "1-3,64", "--directions", "decompress, compress",
                "--dir", "out/../files");
        assertTrue(s.quick);
        assertEquals(20000, s.rows);
        assertEquals(List.of(1, 2, 3, 64), s.sizes);
        assertEquals(List.of("decompress", "compress"), s.directions);
        assertTrue(s.dir.isAbsolute());
        assertTrue(s.dir.endsWith("files") && !s.dir.toString().contains(".."));
    }

    @Test
    void aBadValueNamesTheOptionTheValueAndWhatIsWanted() {
        assertEquals("--rows 12x: want a whole number of at least 1000", refusal("--rows", "12x"));
        assertEquals("--share 1.5: want a number from 0.0 to 1.0", refusal("--share", "1.5"));
        assertEquals("--rounds 0: want a whole number from 1 to 100", refusal("--rounds", "0"));
        assertEquals("--sizes 4,128: want whole numbers from 1 to 64, as in 1-3,6", refusal("--sizes", "4,128"));
        assertEquals("--sizes 9-1: want whole numbers from 1 to 64, as in 1-3,6", refusal("--sizes", "9-1"));
        assertEquals("--sizes ,: want whole numbers from 1 to 64, as in 1-3,6", refusal("--sizes", ","));
        assertEquals("--directions both: want one or more of compress,decompress", refusal("--directions", "both"));
    }

    @Test
    void unknownOptionsMissingValuesAndHelpAreRefused() {
        assertEquals("unknown option --full", refusal("--full"));
        assertEquals("unknown option 5000", refusal("5000"));
        assertEquals("--rounds needs a value", refusal("--quick", "--rounds"));
        assertEquals("", refusal("--rows", "5000", "--help"), "the programs print the usage for an empty message");
        assertEquals("", refusal("-h"));
    }

    @Test
    void aPresetSetsTheDefaultsItsModeChangesWhereNotGivenWhateverTheOrder() {
        OptionTable<Settings> table = new OptionTable<Settings>("usage: prog")
                .option("--rows N", ValueKind.wholeNumber(1, 10_000), "5000", "rows", (s, v) -> s.rows = v)
                .option("--rounds R", ValueKind.integer(1, 100), "3", "rounds", (s, v) -> s.rounds = v)
                .flag("--quick", "a smoke run", s -> s.quick = true)
                .preset("--quick", s -> s.quick, "--rows 1000 --rounds 1");
        Settings quick = new Settings();
        assertEquals(Set.of("--rows", "--quick"), table.parse(new String[] {"--rows", "7000", "--quick"}, quick));
        assertEquals(7000, quick.rows);
        assertEquals(1, quick.rounds);
        Settings plain = new Settings();
        table.parse(new String[] {"--rounds", "2"}, plain);
        assertEquals(5000, plain.rows);
        assertEquals(2, plain.rounds);
        assertTrue(table.usage().endsWith("\ndefaults each mode changes, unless given:\n  --quick     --rows 1000 --rounds 1"),
                table.usage());
    }

    @Test
    void theUsageListsEveryOptionWithItsValueDefaultAndWrappedHelpInOneColumn() {
        assertEquals(String.join("\n",
                "usage: prog [options]",
                "options:",
                "  --rows N       rows loaded (default 5000)",
                "  --share F      share of reads (default 0.8)",
                "  --rounds R     rounds (default 3)",
                "  --sizes K,...  chunk sizes in KiB (default 4,16)",
                "  --directions DIRECTION,DIRECTION,...",
                "                 directions (default compress)",
                "  --dir DIR      where the files go, a long help line that wraps at the usage's width rather than run off the",
                "                 terminal's right edge in an 80 or 120 column window",
                "  --quick        a smoke run"), TABLE.usage());
    }

    @Test
    void anOptionDeclaredTwiceIsAMistake() {
        assertThrows(IllegalStateException.class, () -> new OptionTable<Settings>("usage")
                .flag("--quick", "a", s -> s.quick = true).flag("--quick", "b", s -> s.quick = true));
    }
}
