package dev.deflateaccel.agent;

import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * Settings for our copy of Byte Buddy, made before any of its classes initialise.
 *
 * <p>We weave with inlined {@code Advice} and {@code disableClassFormatChanges()}: no class is
 * ever injected into a class loader and no type initializer is registered. Yet building an
 * {@code AgentBuilder} initialises Byte Buddy's class injectors and its {@code Nexus}, and those
 * reach for {@code sun.misc.Unsafe}, which JDK 24+ reports on stderr naming our jar
 * (JEP 471/498). {@code net.bytebuddy.safe} makes Byte Buddy use no {@code Unsafe}, and
 * {@code net.bytebuddy.nexus.disabled} keeps it from defining its {@code Nexus} class in the
 * system class loader, which Cassandra owns and we have no business in.
 *
 * <p>The shade plugin relocates these string constants together with the classes, so in the
 * agent jar they read {@code dev.deflateaccel.shaded.net.bytebuddy.*}: they configure only our
 * relocated copy, never Cassandra's or another agent's Byte Buddy. A value already set (by an
 * operator's {@code -D}) is left alone.
 */
final class ByteBuddySettings {
    static final String SAFE = "net.bytebuddy.safe";
    static final String NEXUS_DISABLED = "net.bytebuddy.nexus.disabled";

    private ByteBuddySettings() {
    }

    static void apply() {
        setIfAbsent(SAFE);
        setIfAbsent(NEXUS_DISABLED);
    }

    /**
     * What each of our weavings starts from: inlined advice only, so no class format changes, and
     * retransformation, so that an attach weaves classes already loaded and a detach
     * ({@code ResettableClassFileTransformer.reset}) gives them back their own bytecode.
     */
    static AgentBuilder retransformingBuilder(AgentBuilder.Listener listener) {
        return new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(listener);
    }

    private static void setIfAbsent(String property) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, "true");
        }
    }
}
