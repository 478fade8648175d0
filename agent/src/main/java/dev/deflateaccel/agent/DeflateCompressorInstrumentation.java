package dev.deflateaccel.agent;

import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.lang.instrument.Instrumentation;
import java.nio.ByteBuffer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.deflateaccel.bridge.AccelLog;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * Weaves {@link DeflateCompressorAdvice} into org.apache.cassandra.io.compress.DeflateCompressor.
 * The class is checked first: if any expected method is missing (a Cassandra we do not know),
 * it is left stock and that is logged once.
 */
final class DeflateCompressorInstrumentation {
    static final String TARGET = "org.apache.cassandra.io.compress.DeflateCompressor";

    private static final ElementMatcher.Junction<MethodDescription> COMPRESS_ARRAY = named("compressArray")
            .and(takesArguments(byte[].class, int.class, int.class, byte[].class, int.class, int.class))
            .and(returns(int.class)).and(isPublic());
    private static final ElementMatcher.Junction<MethodDescription> UNCOMPRESS_ARRAY = named("uncompress")
            .and(takesArguments(byte[].class, int.class, int.class, byte[].class, int.class, int.class))
            .and(returns(int.class)).and(isPublic());
    private static final ElementMatcher.Junction<MethodDescription> COMPRESS_BUFFER = named("compressBuffer")
            .and(takesArguments(ByteBuffer.class, ByteBuffer.class)).and(returns(void.class)).and(isPublic());
    private static final ElementMatcher.Junction<MethodDescription> UNCOMPRESS_BUFFER = named("uncompressBuffer")
            .and(takesArguments(ByteBuffer.class, ByteBuffer.class)).and(returns(void.class)).and(isPublic());
    /** Not woven, but must exist and delegate to the woven ones (same shape in 4.0-6.0). */
    private static final ElementMatcher.Junction<MethodDescription> COMPRESS = named("compress")
            .and(takesArguments(ByteBuffer.class, ByteBuffer.class));
    private static final ElementMatcher.Junction<MethodDescription> UNCOMPRESS = named("uncompress")
            .and(takesArguments(ByteBuffer.class, ByteBuffer.class));
    private static final ElementMatcher.Junction<MethodDescription> UNCOMPRESS_5 = named("uncompress")
            .and(takesArguments(byte[].class, int.class, int.class, byte[].class, int.class));

    /** What a Throwable suppressed in the advice is handed to: counted, logged once, Errors rethrown. */
    private static final StackManipulation COMPRESS_HANDLER = handler("compressAdviceThrew");
    private static final StackManipulation DECOMPRESS_HANDLER = handler("decompressAdviceThrew");

    private DeflateCompressorInstrumentation() {
    }

    private static Advice advice(Class<?> adviceClass, StackManipulation exceptionHandler) {
        return Advice.to(adviceClass).withExceptionHandler(exceptionHandler);
    }

    /** A call of {@code CassandraRoute.<method>(Throwable)}, which consumes the suppressed Throwable on the stack. */
    private static StackManipulation handler(String method) {
        try {
            return MethodInvocation.invoke(new MethodDescription.ForLoadedMethod(
                    CassandraRoute.class.getMethod(method, Throwable.class)));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    static ResettableClassFileTransformer install(Instrumentation inst, AccelLog log) {
        AtomicBoolean errorLogged = new AtomicBoolean();
        return new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(new AgentBuilder.Listener.Adapter() {
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
                        log.info("instrumented " + typeDescription.getName() + " in " + classLoader);
                    }
                })
                .type(named(TARGET))
                .transform(new AgentBuilder.Transformer() {
                    @Override
                    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
                                                            ClassLoader classLoader, JavaModule module,
                                                            ProtectionDomain protectionDomain) {
                        List<String> missing = missingMethods(type);
                        if (!missing.isEmpty()) {
                            log.error(TARGET + " in " + classLoader + " lacks " + missing
                                    + "; unknown Cassandra version, left stock");
                            return builder;
                        }
                        return builder
                                .visit(advice(DeflateCompressorAdvice.CompressArray.class, COMPRESS_HANDLER)
                                        .on(COMPRESS_ARRAY))
                                .visit(advice(DeflateCompressorAdvice.UncompressArray.class, DECOMPRESS_HANDLER)
                                        .on(UNCOMPRESS_ARRAY))
                                .visit(advice(DeflateCompressorAdvice.CompressBuffer.class, COMPRESS_HANDLER)
                                        .on(COMPRESS_BUFFER))
                                .visit(advice(DeflateCompressorAdvice.UncompressBuffer.class, DECOMPRESS_HANDLER)
                                        .on(UNCOMPRESS_BUFFER));
                    }
                })
                .installOn(inst);
    }

    static List<String> missingMethods(TypeDescription type) {
        List<String> missing = new ArrayList<>();
        check(type, COMPRESS_ARRAY, "compressArray(byte[],int,int,byte[],int,int)", missing);
        check(type, UNCOMPRESS_ARRAY, "uncompress(byte[],int,int,byte[],int,int)", missing);
        check(type, COMPRESS_BUFFER, "compressBuffer(ByteBuffer,ByteBuffer)", missing);
        check(type, UNCOMPRESS_BUFFER, "uncompressBuffer(ByteBuffer,ByteBuffer)", missing);
        check(type, COMPRESS, "compress(ByteBuffer,ByteBuffer)", missing);
        check(type, UNCOMPRESS, "uncompress(ByteBuffer,ByteBuffer)", missing);
        check(type, UNCOMPRESS_5, "uncompress(byte[],int,int,byte[],int)", missing);
        return missing;
    }

    private static void check(TypeDescription type, ElementMatcher<MethodDescription> m, String name, List<String> missing) {
        if (type.getDeclaredMethods().filter(m).isEmpty()) {
            missing.add(name);
        }
    }
}
