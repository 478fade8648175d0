package dev.deflateaccel.it.harness;

import java.util.ArrayList;
import java.util.List;

/**
 * The node's JVM command line, built the way the release scripts build it (see
 * bin/cassandra, cassandra.in.sh and cassandra-env.sh of 5.0), from the node's own conf/ so that
 * an agent line an operator added to jvm-server.options takes effect exactly as in production.
 */
final class ServerCommand {

    static final int HEAP_MB = 512;
    static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";

    private ServerCommand() {
    }

    static List<String> build(JavaRuntime java, CassandraDistribution distribution, NodeLayout layout, NodePorts ports) {
        List<String> command = new ArrayList<>();
        command.add(java.javaExecutable());

        // cassandra.in.sh: every "-" line of jvm-server.options, then of jvm11/jvm17-server.options.
        command.addAll(JvmOptionsFile.read(layout.conf().resolve("jvm-server.options")));
        command.addAll(JvmOptionsFile.read(layout.conf().resolve("jvm" + java.optionsVariant() + "-server.options")));
        if (java.optionsVariant() >= 17 && java.isFullJdk()) {
            // cassandra.in.sh adds these when it finds javac on JDK 17+.
            command.add("--add-exports");
            command.add("jdk.attach/sun.tools.attach=ALL-UNNAMED");
            command.add("--add-exports");
            command.add("jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED");
            command.add("--add-opens");
            command.add("jdk.compiler/com.sun.tools.javac=ALL-UNNAMED");
        }

        // cassandra-env.sh: heap (small here: up to four nodes share this machine), jamm, JMX in
        // local (loopback-only) mode on the node's own port, and the OOM kill. GC logging is left
        // out: it changes nothing the scenarios look at.
        command.add("-Xms" + HEAP_MB + "M");
        command.add("-Xmx" + HEAP_MB + "M");
        command.add("-XX:+UseCondCardMark");
        distribution.jammJar().ifPresent(jamm -> command.add("-javaagent:" + jamm));
        command.add("-XX:OnOutOfMemoryError=kill -9 %p");
        command.add("-Dcassandra.jmx.local.port=" + ports.jmx());
        distribution.sigarNativeDir().ifPresent(dir -> command.add("-Djava.library.path=" + dir));

        // bin/cassandra -f.
        command.add("-Dcassandra-foreground=yes");
        command.add("-Dlogback.configurationFile=logback.xml");
        command.add("-Dcassandra.logdir=" + layout.logs());
        command.add("-Dcassandra.storagedir=" + layout.storage());
        command.add("-Dcassandra.config=" + layout.conf().resolve("cassandra.yaml").toUri());

        // Test-only start-up shortcuts for a machine where nodes start one after another anyway.
        command.add("-Dcassandra.ring_delay_ms=1000");
        command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");

        command.add("-cp");
        command.add(distribution.classPath(layout.conf()));
        command.add(MAIN_CLASS);
        return command;
    }
}
