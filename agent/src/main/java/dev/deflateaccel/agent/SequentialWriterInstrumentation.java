package dev.deflateaccel.agent;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.lang.instrument.Instrumentation;
import java.nio.channels.FileChannel;
import java.security.ProtectionDomain;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.deflateaccel.bridge.AccelLog;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

/**
 * Weaves {@link SequentialWriterAdvice} into org.apache.cassandra.io.util.SequentialWriter, once
 * compaction writes are first to be paced. The class must have the shape the advice reads, the
 * same in 4.0 to 6.0 ({@link #missingFrom}); one that lacks any part of it is left stock, and the
 * log says so once.
 */
final class SequentialWriterInstrumentation {
    static {
        ByteBuddySettings.apply();
    }

    static final String TARGET = "org.apache.cassandra.io.util.SequentialWriter";

    private SequentialWriterInstrumentation() {
    }

    /** What the advice needs that {@code type} lacks, or null when it has it all. */
    static String missingFrom(TypeDescription type) {
        if (type.getDeclaredMethods().filter(named("doFlush").and(takesArguments(int.class)).and(returns(void.class))).isEmpty()) {
            return "void doFlush(int)";
        }
        if (!hasField(type, "fchannel", FileChannel.class.getName())) {
            return "the FileChannel field fchannel";
        }
        if (!hasField(type, "filePath", String.class.getName())) {
            return "the String field filePath";
        }
        return null;
    }

    private static boolean hasField(TypeDescription type, String name, String typeName) {
        for (FieldDescription.InDefinedShape f : type.getDeclaredFields()) {
            if (f.getName().equals(name) && f.getType().asErasure().getName().equals(typeName) && !f.isStatic()) {
                return true;
            }
        }
        return false;
    }

    static ResettableClassFileTransformer install(Instrumentation inst, AccelLog log) {
        AtomicBoolean said = new AtomicBoolean();
        return ByteBuddySettings.retransformingBuilder(new AgentBuilder.Listener.Adapter() {
                    @Override
                    public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded,
                                        Throwable throwable) {
                        if (said.compareAndSet(false, true)) {
                            log.warn("cannot instrument " + typeName + " (" + throwable + "); compaction writes are not paced");
                        }
                    }
                })
                .type(named(TARGET))
                .transform(new AgentBuilder.Transformer() {
                    @Override
                    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
                                                            ClassLoader classLoader, JavaModule module,
                                                            ProtectionDomain protectionDomain) {
                        String missing = missingFrom(type);
                        if (missing != null) {
                            if (said.compareAndSet(false, true)) {
                                log.warn(TARGET + " in " + classLoader + " lacks " + missing
                                        + ": not a shape the agent knows (Cassandra 4.0 to 6.0); compaction writes are not paced");
                            }
                            return builder;
                        }
                        log.info("instrumented " + TARGET + ".doFlush in " + classLoader + " (compaction write pacing)");
                        return builder.visit(Advice.to(SequentialWriterAdvice.class)
                                .on(named("doFlush").and(takesArguments(int.class))));
                    }
                })
                .installOn(inst);
    }
}
