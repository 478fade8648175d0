package dev.deflateaccel.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The Prometheus JMX exporter's Java agent (io.prometheus.jmx:jmx_prometheus_javaagent, copied by
 * the build) with the exporter's stock Cassandra rules plus deflate-accel's snippet, merged the
 * way the snippet tells an operator to: its allow-list line under {@code whitelistObjectNames:},
 * its rules at the top of {@code rules:}.
 */
public final class JmxExporter {

    public static final String JAR_PROPERTY = "deflateaccel.jmxExporter.jar";
    public static final String SNIPPET_PROPERTY = "deflateaccel.jmxExporter.snippet";
    /** The exporter's examples/cassandra.yml, unmodified below its two-line header. */
    static final String STOCK_RULES = "/prometheus/jmx_exporter-cassandra.yml";

    private final Path config;
    private final int port;

    private JmxExporter(Path config, int port) {
        this.config = config;
        this.port = port;
    }

    /** Writes the merged config into {@code dir} and picks a free loopback port for the endpoint. */
    public static JmxExporter stockRulesWithSnippet(Path dir) {
        try {
            String stock;
            try (InputStream in = JmxExporter.class.getResourceAsStream(STOCK_RULES)) {
                stock = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            String snippet = Files.readString(snippet(), StandardCharsets.UTF_8);
            Path config = dir.resolve("jmx_exporter.yml");
            Files.createDirectories(dir);
            Files.writeString(config, merge(stock, snippet), StandardCharsets.UTF_8);
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(NodePorts.JMX_HOST))) {
                return new JmxExporter(config, probe.getLocalPort());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the exporter's config", e);
        }
    }

    /** The snippet the release ships (the module's directory is the working directory under Maven). */
    static Path snippet() {
        return Paths.get(System.getProperty(SNIPPET_PROPERTY, "../dist/src/main/dist/jmx_exporter-deflate-accel.yml"));
    }

    /** The snippet's list entries after the stock section header of the same name. */
    static String merge(String stock, String snippet) {
        List<String> out = new ArrayList<>(stock.lines().collect(Collectors.toList()));
        for (String section : List.of("whitelistObjectNames:", "rules:")) {
            List<String> entries = section(snippet, section);
            int at = out.indexOf(section);
            if (at < 0 || entries.isEmpty()) {
                throw new IllegalStateException("no " + section + " in the stock rules or in the snippet");
            }
            out.addAll(at + 1, entries);
        }
        return String.join("\n", out) + "\n";
    }

    /** The lines after {@code header} up to the next top-level key (or the end), blank ones and comments left out. */
    private static List<String> section(String yaml, String header) {
        List<String> lines = yaml.lines().collect(Collectors.toList());
        List<String> entries = new ArrayList<>();
        int i = lines.indexOf(header);
        if (i < 0) {
            return entries;
        }
        for (i++; i < lines.size() && !lines.get(i).matches("[A-Za-z].*"); i++) {
            if (!lines.get(i).isBlank() && !lines.get(i).trim().startsWith("#")) {
                entries.add(lines.get(i));
            }
        }
        return entries;
    }

    /** The option for the node's JVM: {@code -javaagent:<jar>=127.0.0.1:<port>:<config>}. */
    public String javaagentOption() {
        return "-javaagent:" + property(JAR_PROPERTY) + "=" + NodePorts.JMX_HOST + ":" + port + ":" + config;
    }

    /** One scrape of {@code /metrics}. */
    public PrometheusSamples scrape() {
        try {
            HttpURLConnection c = (HttpURLConnection) new URL("http://" + NodePorts.JMX_HOST + ":" + port + "/metrics").openConnection();
            c.setConnectTimeout(5_000);
            c.setReadTimeout(60_000);
            try (InputStream in = c.getInputStream()) {
                return PrometheusSamples.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } finally {
                c.disconnect();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot scrape the exporter on port " + port, e);
        }
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(name + " is not set; run the tests with Maven");
        }
        return value;
    }
}
