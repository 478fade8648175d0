package dev.deflateaccel.lab;

import java.io.OutputStream;
import java.io.PrintStream;

import dev.deflateaccel.bridge.AccelLog;
import dev.deflateaccel.bridge.DeflateBridge;
import dev.deflateaccel.bridge.EngineRegistry;
import dev.deflateaccel.bridge.config.ConfigFile;

/** A bridge with one engine on and a silent log, for the JMH benchmarks that time one engine's calls. */
final class OneEngineBridge {

    private OneEngineBridge() {
    }

    /** Only {@code engine} on, configured as the routing benchmark configures it. */
    static DeflateBridge open(String engine, String source) {
        AccelLog quiet = AccelLog.to(new PrintStream(OutputStream.nullOutputStream()), AccelLog.NONE);
        return DeflateBridge.create(ConfigFile.parse(RoutingAllocationBenchmark.config(EngineRegistry.named(engine)),
                source), quiet);
    }

    /** {@code n}, a call's result, if the engine served it; a benchmark never times a declined call. */
    static int served(DeflateBridge bridge, int n) {
        if (n <= 0) {
            throw new IllegalStateException(bridge.engines().get(0).name() + " declined: " + n + "; "
                    + bridge.engines().get(0).status());
        }
        return n;
    }
}
