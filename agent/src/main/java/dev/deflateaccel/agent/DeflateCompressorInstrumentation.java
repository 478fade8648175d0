package dev.deflateaccel.agent;

import static net.bytebuddy.matcher.ElementMatchers.named;

import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.deflateaccel.agent.api.CurrentRoute;
import dev.deflateaccel.bridge.AccelLog;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.utility.JavaModule;

/**
 * Weaves {@link DeflateCompressorAdvice} into org.apache.cassandra.io.compress.DeflateCompressor.
 * The class is matched against the known {@link DeflateCompressorShape}s first: one that matches
 * none (a Cassandra we do not know) is left stock, and that is logged once.
 */
final class DeflateCompressorInstrumentation {
    static {
        // First, before any Byte Buddy class initialises: no Unsafe, no Nexus.
        ByteBuddySettings.apply();
    }

    static final String TARGET = "org.apache.cassandra.io.compress.DeflateCompressor";

    /** What a Throwable suppressed in the advice is handed to: counted, logged once, Errors rethrown. */
    private static final StackManipulation COMPRESS_HANDLER = handler("compressAdviceThrew");
    private static final StackManipulation DECOMPRESS_HANDLER = handler("decompressAdviceThrew");

    private DeflateCompressorInstrumentation() {
    }

    private static Advice advice(Class<?> adviceClass, StackManipulation exceptionHandler) {
        return Advice.to(adviceClass).withExceptionHandler(exceptionHandler);
    }

    /** A call of {@code CurrentRoute.<method>(Throwable)}, which consumes the suppressed Throwable on the stack. */
    private static StackManipulation handler(String method) {
        try {
            return MethodInvocation.invoke(new MethodDescription.ForLoadedMethod(
                    CurrentRoute.class.getMethod(method, Throwable.class)));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    static ResettableClassFileTransformer install(Instrumentation inst, AccelLog log) {
        AtomicBoolean errorLogged = new AtomicBoolean();
        return ByteBuddySettings.retransformingBuilder(new AgentBuilder.Listener.Adapter() {
                    @Override
                    public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded,
                                        Throwable throwable) {
                        if (errorLogged.compareAndSet(false, true)) {
                            log.error("cannot instrument " + typeName + " (" + throwable
                                    + "); it stays stock");
                        }
                    }

                    @Override
                    public void onTransformation(TypeDescription typeDescription, ClassLoader classLoader,
                                                 JavaModule module, boolean loaded, DynamicType dynamicType) {
                        // Byte Buddy reports a class left as it was (no known shape) as transformed too.
                        if (DeflateCompressorShape.of(typeDescription) != null) {
                            log.info("instrumented " + typeDescription.getName() + " in " + classLoader);
                        }
                    }
                })
                .type(named(TARGET))
                .transform(new AgentBuilder.Transformer() {
                    @Override
                    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
                                                            ClassLoader classLoader, JavaModule module,
                                                            ProtectionDomain protectionDomain) {
                        DeflateCompressorShape shape = DeflateCompressorShape.of(type);
                        if (shape == null) {
                            log.error(TARGET + " in " + classLoader + " matches no known shape (it lacks "
                                    + DeflateCompressorShape.CASSANDRA_4_0_TO_6_0.missingFrom(type)
                                    + "): not a Cassandra release the agent serves (4.0 to 6.0-alpha);"
                                    + " DeflateCompressor stays stock");
                            return builder;
                        }
                        for (DeflateCompressorShape.ShapeMethod m : shape.methods()) {
                            if (m.role == DeflateCompressorShape.Role.WOVEN_COMPRESS
                                    || m.role == DeflateCompressorShape.Role.WOVEN_DECOMPRESS) {
                                StackManipulation handler = m.role == DeflateCompressorShape.Role.WOVEN_COMPRESS
                                        ? COMPRESS_HANDLER : DECOMPRESS_HANDLER;
                                builder = builder.visit(advice(m.advice, handler).on(m.matcher()));
                            }
                        }
                        return builder;
                    }
                })
                .installOn(inst);
    }
}
