package dev.deflateaccel.it.scenarios;

import java.util.EnumMap;
import java.util.Map;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestWatcher;

import dev.deflateaccel.harness.CassandraLine;
import dev.deflateaccel.harness.CassandraNode;
import dev.deflateaccel.harness.NodeLayout;

/**
 * Hands the single-node scenarios one node per Cassandra line for the whole run, so that
 * consecutive scenarios restart it (as an operator would, e.g. after editing jvm-server.options or
 * cassandra.yaml) instead of paying for a fresh node's start-up each time. Each scenario asks for
 * the settings it needs with {@link CassandraNode#ensureRunning} and uses its own keyspace, so none
 * depends on another having run. A scenario gets the node of its line ({@link OnCassandraLine}, 5.0
 * otherwise); the other line's node is stopped first, so only one runs at a time on the two cores.
 * The nodes are stopped when the test plan ends, failed or not; a failed test gets the node's log
 * tails printed.
 */
final class SharedNodeExtension implements ParameterResolver, TestWatcher {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedNodeExtension.class);

    /** Stored in the root context so JUnit closes it once, after the last test class. */
    private static final class SharedNodes implements AutoCloseable {
        final Map<CassandraLine, CassandraNode> nodes = new EnumMap<>(CassandraLine.class);

        CassandraNode node(CassandraLine line) {
            for (Map.Entry<CassandraLine, CassandraNode> other : nodes.entrySet()) {
                if (other.getKey() != line) {
                    other.getValue().stop();
                }
            }
            return nodes.computeIfAbsent(line, l -> CassandraNode.single(
                    l == CassandraLine.V5_0 ? "single" : "single-" + l.version(), NodeLayout.nodesDir(), "127.0.0.1", l));
        }

        @Override
        public void close() {
            nodes.values().forEach(CassandraNode::stop);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == CassandraNode.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return shared(context).node(lineOf(context));
    }

    private static CassandraLine lineOf(ExtensionContext context) {
        return context.getTestInstance()
                .filter(OnCassandraLine.class::isInstance)
                .map(instance -> ((OnCassandraLine) instance).line())
                .orElse(CassandraLine.V5_0);
    }

    /** Stops the shared nodes that run, to free the two cores for a scenario that needs them. */
    static void stopIfRunning(ExtensionContext context) {
        SharedNodes shared = context.getRoot().getStore(NAMESPACE).get(SharedNodes.class, SharedNodes.class);
        if (shared != null) {
            shared.close();
        }
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        SharedNodes shared = context.getRoot().getStore(NAMESPACE).get(SharedNodes.class, SharedNodes.class);
        if (shared != null) {
            CassandraNode node = shared.nodes.get(lineOf(context));
            if (node != null) {
                System.err.println("[" + context.getDisplayName() + " failed] shared node " + node.name() + ":\n"
                        + node.diagnostics());
            }
        }
    }

    private static SharedNodes shared(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(SharedNodes.class, key -> new SharedNodes(), SharedNodes.class);
    }
}
