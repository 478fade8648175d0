package dev.deflateaccel.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The mount must have the kubelet's shape, or the node test proves nothing about Kubernetes. */
class ConfigMapMountTest {

    @Test
    void theKeyIsALinkThroughDataAndAnUpdateSwapsDataAndRemovesTheOldDirectory(@TempDir Path dir) throws IOException {
        ConfigMapMount mount = ConfigMapMount.create(dir.resolve("config"), Map.of("zlib-accel.conf", "one\n"));
        Path file = mount.file("zlib-accel.conf");
        assertEquals(Path.of("..data", "zlib-accel.conf"), Files.readSymbolicLink(file));
        assertEquals("one\n", Files.readString(file));
        Path first = Files.readSymbolicLink(dir.resolve("config/..data"));
        assertTrue(first.toString().startsWith(".."), first.toString());

        mount.update(Map.of("zlib-accel.conf", "two\n"));

        assertEquals("two\n", Files.readString(file));
        Path second = Files.readSymbolicLink(dir.resolve("config/..data"));
        assertTrue(!second.equals(first) && Files.isDirectory(dir.resolve("config").resolve(second)), second.toString());
        try (Stream<Path> entries = Files.list(dir.resolve("config"))) {
            List<String> names = entries.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
            assertEquals(List.of(second.toString(), "..data", "zlib-accel.conf"), names);
        }
        assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve("config").resolve(second).resolve("zlib-accel.conf"))));
    }
}
