package dev.deflateaccel.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import dev.deflateaccel.bridge.config.AccelConfig;
import dev.deflateaccel.bridge.config.ConfigFile;

/**
 * How a running node reads an edited config file: stricter than at start, because a running node
 * has a working config to keep, while at start a bad value can only fall back to its default.
 */
final class StableConfigRead {
    private StableConfigRead() {
    }

    /**
     * The file, read twice about a second apart, parsed strictly: null (with the problems) when it
     * is missing, refused, empty, still changing, or has any bad key or value.
     */
    static AccelConfig read(Path configPath, List<String> problems) {
        byte[] first;
        byte[] second;
        try {
            first = ConfigFile.readBytes(configPath);
            Thread.sleep(1000);
            second = ConfigFile.readBytes(configPath);
        } catch (IOException e) {
            problems.add(e.getMessage());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problems.add("interrupted while reading " + configPath);
            return null;
        }
        if (first == null || second == null) {
            problems.add("config file " + configPath + " does not exist (deleted?)");
            return null;
        }
        if (!Arrays.equals(first, second)) {
            problems.add("config file " + configPath + " changed between two reads a second apart (still being written?)");
            return null;
        }
        if (new String(first, StandardCharsets.ISO_8859_1).trim().isEmpty()) {
            problems.add("config file " + configPath + " is empty (truncated by an editor?)");
            return null;
        }
        AccelConfig config = ConfigFile.parse(first, configPath.toString());
        if (!config.warnings().isEmpty()) {
            // At start a bad value keeps its default; a running node keeps the whole previous config.
            for (String w : config.warnings()) {
                problems.add(w.replaceFirst("; keeping default .*$", "").replaceFirst(" ignored$", ""));
            }
            return null;
        }
        return config;
    }
}
