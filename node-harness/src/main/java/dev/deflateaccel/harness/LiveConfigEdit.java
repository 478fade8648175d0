package dev.deflateaccel.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;

/**
 * An operator's live edit of a running node's agent config: the file rewritten in place (truncated,
 * then written, as an editor saves it), then waited on through the agent's MBean until
 * {@code applied} holds. EngineToggleIT switches engines this way, LiveOpsIT also times it, and
 * the lab's side-by-side switches one node between stock's code and each engine with it.
 */
public final class LiveConfigEdit {
    private LiveConfigEdit() {
    }

    /** Milliseconds from the write until {@code applied} held; fails after {@code limit}, naming {@code what}. */
    public static long apply(CassandraNode node, AgentConfig config, Predicate<Map<String, Object>> applied, Duration limit,
                      String what) throws IOException {
        long start = System.nanoTime();
        Files.writeString(node.layout().agentConfig(), config.render(), StandardCharsets.UTF_8);
        return AgentMBean.await(node.ports().jmx(), applied, start, limit, what);
    }

    /** Applies {@code config} and waits until the agent's Generation has moved on with no reload error. */
    public static void applyCleanly(CassandraNode node, AgentConfig config) throws IOException {
        long generation = ((Number) AgentMBean.attributes(node.ports().jmx()).get("Generation")).longValue();
        apply(node, config, a -> ((Number) a.get("Generation")).longValue() > generation
                && "".equals(a.get("LastReloadError")), Duration.ofSeconds(30), "the edit to " + config);
    }
}
