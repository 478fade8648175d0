package dev.deflateaccel.agent;

import static net.bytebuddy.matcher.ElementMatchers.hasDescriptor;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * The shapes of Cassandra's DeflateCompressor the agent knows: for each range of Cassandra
 * versions, the public methods by name and JVM descriptor, which of them get advice, and which
 * must exist because they delegate to the woven ones. A release that changes the class gets a
 * new row here (and its own advice where needed); a class that matches no row is left stock.
 */
final class DeflateCompressorShape {
    /** What the agent does with a method of the shape. */
    enum Role {
        /** Advice routes the call to the bridge; Cassandra's body runs when the bridge declines. */
        WOVEN_COMPRESS,
        WOVEN_DECOMPRESS,
        /** Not woven: Cassandra's own code, which delegates to a woven method, so that positions and return values stay its own. */
        DELEGATES
    }

    /** One method of a shape. */
    static final class ShapeMethod {
        final String name;
        final String descriptor;
        final Role role;
        final Class<?> advice;

        ShapeMethod(String name, String descriptor, Role role, Class<?> advice) {
            this.name = name;
            this.descriptor = descriptor;
            this.role = role;
            this.advice = advice;
        }

        ElementMatcher.Junction<MethodDescription> matcher() {
            return named(name).and(hasDescriptor(descriptor)).and(isPublic());
        }

        @Override
        public String toString() {
            return name + descriptor;
        }
    }

    /** Cassandra 4.0 to 6.0-alpha: checked against 4.0.19, 4.1.10, 5.0.9 and 6.0-alpha2. */
    static final DeflateCompressorShape CASSANDRA_4_0_TO_6_0 = new DeflateCompressorShape("4.0", "7.0",
            Collections.unmodifiableList(Arrays.asList(
            new ShapeMethod("compressArray", "([BII[BII)I", Role.WOVEN_COMPRESS, DeflateCompressorAdvice.CompressArray.class),
            new ShapeMethod("uncompress", "([BII[BII)I", Role.WOVEN_DECOMPRESS, DeflateCompressorAdvice.UncompressArray.class),
            new ShapeMethod("compressBuffer", "(Ljava/nio/ByteBuffer;Ljava/nio/ByteBuffer;)V", Role.WOVEN_COMPRESS,
                    DeflateCompressorAdvice.CompressBuffer.class),
            new ShapeMethod("uncompressBuffer", "(Ljava/nio/ByteBuffer;Ljava/nio/ByteBuffer;)V", Role.WOVEN_DECOMPRESS,
                    DeflateCompressorAdvice.UncompressBuffer.class),
            new ShapeMethod("compress", "(Ljava/nio/ByteBuffer;Ljava/nio/ByteBuffer;)V", Role.DELEGATES, null),
            new ShapeMethod("uncompress", "(Ljava/nio/ByteBuffer;Ljava/nio/ByteBuffer;)V", Role.DELEGATES, null),
            new ShapeMethod("uncompress", "([BII[BI)I", Role.DELEGATES, null))));

    /** Every known shape; the first that a loaded class matches is woven. */
    static final List<DeflateCompressorShape> KNOWN = Collections.singletonList(CASSANDRA_4_0_TO_6_0);

    private final String fromVersion;
    private final String beforeVersion;
    private final List<ShapeMethod> methods;

    private DeflateCompressorShape(String fromVersion, String beforeVersion, List<ShapeMethod> methods) {
        this.fromVersion = fromVersion;
        this.beforeVersion = beforeVersion;
        this.methods = methods;
    }

    List<ShapeMethod> methods() {
        return methods;
    }

    /** Whether a Cassandra version (e.g. "5.0.9", "6.0-alpha2") falls in this shape's range. */
    boolean covers(String cassandraVersion) {
        return compareVersions(cassandraVersion, fromVersion) >= 0 && compareVersions(cassandraVersion, beforeVersion) < 0;
    }

    /** The methods of this shape that {@code type} lacks; empty when it matches. */
    List<ShapeMethod> missingFrom(TypeDescription type) {
        List<ShapeMethod> missing = new ArrayList<>();
        for (ShapeMethod m : methods) {
            if (type.getDeclaredMethods().filter(m.matcher()).isEmpty()) {
                missing.add(m);
            }
        }
        return missing;
    }

    /** The known shape {@code type} has, or null. */
    static DeflateCompressorShape of(TypeDescription type) {
        for (DeflateCompressorShape shape : KNOWN) {
            if (shape.missingFrom(type).isEmpty()) {
                return shape;
            }
        }
        return null;
    }

    /** Numeric comparison of the leading dotted numbers ("6.0-alpha2" counts as 6.0). */
    static int compareVersions(String a, String b) {
        String[] x = a.split("[^0-9]+");
        String[] y = b.split("[^0-9]+");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int xi = i < x.length && !x[i].isEmpty() ? Integer.parseInt(x[i]) : 0;
            int yi = i < y.length && !y[i].isEmpty() ? Integer.parseInt(y[i]) : 0;
            if (xi != yi) {
                return Integer.compare(xi, yi);
            }
        }
        return 0;
    }

    @Override
    public String toString() {
        return "DeflateCompressor of Cassandra " + fromVersion + " to before " + beforeVersion;
    }
}
