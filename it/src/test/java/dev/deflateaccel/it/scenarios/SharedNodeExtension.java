package dev.deflateaccel.it.scenarios;

import dev.deflateaccel.it.harness.CassandraNode;
import dev.deflateaccel.it.harness.NodeLayout;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Hands the single-node scenarios one node for the whole run, so that consecutive scenarios
 * restart it (as an operator would, e.g. after editing jvm-server.options or cassandra.yaml)
 * instead of paying for a fresh node's start-up each time. Each scenario asks for the settings it
 * needs with {@link CassandraNode#ensureRunning} and uses its own keyspace, so none depends on
 * another having run. The node is stopped when the test plan ends, failed or not; a failed test
 * gets the node's log tails printed.
 */
final class SharedNodeExtension implements ParameterResolver, TestWatcher {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedNodeExtension.class);

    /** Stored in the root context so JUnit closes it once, after the last test class. */
    private static final class SharedNode implements AutoCloseable {
        final CassandraNode node = CassandraNode.single("single", NodeLayout.nodesDir(), "127.0.0.1");

        @Override
        public void close() {
            node.stop();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == CassandraNode.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return shared(context).node;
    }

    /** Stops the shared node if it runs, to free the two cores for a scenario that needs them. */
    static void stopIfRunning(ExtensionContext context) {
        SharedNode shared = context.getRoot().getStore(NAMESPACE).get(SharedNode.class, SharedNode.class);
        if (shared != null) {
            shared.node.stop();
        }
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        SharedNode shared = context.getRoot().getStore(NAMESPACE).get(SharedNode.class, SharedNode.class);
        if (shared != null) {
            System.err.println("[" + context.getDisplayName() + " failed] shared node " + shared.node.name() + ":\n"
                    + shared.node.diagnostics());
        }
    }

    private static SharedNode shared(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(SharedNode.class, key -> new SharedNode(), SharedNode.class);
    }
}
