package dev.deflateaccel.bridge;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UnsupportedEncodingException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The Java 9-11 library calls the tests used, written for Java 8: the test code is compiled with
 * --release 8 so that it runs on the JVM Cassandra 4.0 and 4.1 may run on. One place for this
 * module's tests and the agent's (which has this module's test jar). Each does what the JDK method
 * named in its comment does.
 */
public final class Backports {
    private Backports() {
    }

    /** {@code Set.of(items)}: unmodifiable, in the given order. */
    @SafeVarargs
    public static <T> Set<T> setOf(T... items) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(items)));
    }

    /** {@code Map.of(k1, v1)}. */
    public static <K, V> Map<K, V> mapOf(K k1, V v1) {
        return Collections.singletonMap(k1, v1);
    }

    /** {@code Map.of(k1, v1, k2, v2)}: unmodifiable, in the given order. */
    public static <K, V> Map<K, V> mapOf(K k1, V v1, K k2, V v2) {
        Map<K, V> map = new LinkedHashMap<>();
        map.put(k1, v1);
        map.put(k2, v2);
        return Collections.unmodifiableMap(map);
    }

    /** {@code s.repeat(count)}. */
    public static String repeat(String s, int count) {
        StringBuilder sb = new StringBuilder(s.length() * count);
        for (int i = 0; i < count; i++) {
            sb.append(s);
        }
        return sb.toString();
    }

    /** {@code isBlank(s)}: empty or white space only. */
    public static boolean isBlank(String s) {
        return s.codePoints().allMatch(Character::isWhitespace);
    }

    /** {@code s.lines()}: split at \n, \r and \r\n, no empty last line. */
    public static Stream<String> lines(String s) {
        return new BufferedReader(new StringReader(s)).lines();
    }

    /** {@code readString(file)}. */
    public static String readString(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    /** {@code writeString(file, text)}. */
    public static Path writeString(Path file, String text) throws IOException {
        return Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code in.readAllBytes()}. */
    public static byte[] readAllBytes(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) != -1; ) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    /** {@code out.toString(StandardCharsets.UTF_8)}. */
    public static String utf8(ByteArrayOutputStream out) {
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    /** {@code new PrintStream(out, true, StandardCharsets.UTF_8)}. */
    public static PrintStream utf8PrintStream(OutputStream out) {
        try {
            return new PrintStream(out, true, StandardCharsets.UTF_8.name());
        } catch (UnsupportedEncodingException e) {
            throw new AssertionError("UTF-8 is always supported", e);
        }
    }

    /** {@code Runtime.version().feature()}: 8 on Java 8 ("1.8"), then 9, 10, 11... */
    public static int javaFeature() {
        String spec = System.getProperty("java.specification.version");
        return Integer.parseInt(spec.startsWith("1.") ? spec.substring(2) : spec);
    }

    /** {@code ProcessHandle.current().pid()}: HotSpot names its runtime bean "pid@host". */
    public static long currentPid() {
        String name = ManagementFactory.getRuntimeMXBean().getName();
        return Long.parseLong(name.substring(0, name.indexOf('@')));
    }

    /** {@code process.pid()}: the method on Java 9+, the field of Java 8's java.lang.UNIXProcess. */
    public static long pid(Process process) {
        try {
            if (javaFeature() >= 9) {
                return (Long) Process.class.getMethod("pid").invoke(process);
            }
            Field pid = process.getClass().getDeclaredField("pid");
            pid.setAccessible(true);
            return pid.getInt(process);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no pid for " + process, e);
        }
    }
}
