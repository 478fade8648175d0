package dev.deflateaccel.lab.efficiency;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;

import dev.deflateaccel.lab.CassandraCodecs;
import dev.deflateaccel.lab.EngineCheck;
import dev.deflateaccel.lab.tools.ChunkFile;
import dev.deflateaccel.lab.tools.CompressorPasses;
import dev.deflateaccel.lab.tools.PassTimer;
import dev.deflateaccel.lab.tools.ProtocolLine;

/**
 * The agent side of the efficiency benchmark: a JVM with the agent routed to one engine, kept
 * alive for the whole run so it stays warm, measuring only when told (so it never runs while
 * the C side measures). Reads the same data file as native_ref --serve and cuts it the same way.
 *
 * <pre>
 *   args: DATA_FILE CHUNK_BYTES ENGINE
 *   stdin: measure compress|decompress ROUNDS SECONDS   ->  @@ result op=.. mbps=r1,r2,..
 *          quit                                         ->  @@ check ok=.. summary=..
 * </pre>
 */
public final class EfficiencyChild {
    private EfficiencyChild() {
    }

    public static void main(String[] args) throws Exception {
        int chunkBytes = Integer.parseInt(args[1]);
        String engine = args[2];
        CompressorPasses passes = new CompressorPasses(CassandraCodecs.create(CassandraCodecs.DEFLATE),
                ChunkFile.read(Paths.get(args[0]), chunkBytes), chunkBytes);
        System.out.println(ProtocolLine.format("ready", "chunks", passes.chunks(), "capacity",
                passes.compressCapacity(), "ratio", String.format(java.util.Locale.ROOT, "%.4f", passes.ratio())));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            String[] words = line.trim().split("\\s+");
            if (words[0].equals("quit")) {
                break;
            }
            if (!words[0].equals("measure") || words.length != 4) {
                System.out.println(ProtocolLine.format("error", "message", "bad command: " + line));
                continue;
            }
            double[] mbps = PassTimer.rounds(passes.pass(words[1]), passes.rawBytes, 0, Integer.parseInt(words[2]),
                    Double.parseDouble(words[3]));
            System.out.println(ProtocolLine.format("result", "op", words[1], "mbps", ProtocolLine.joinDoubles(mbps)));
        }
        try {
            String summary = EngineCheck.verify(engine, passes.compressCalls, passes.decompressCalls);
            System.out.println(ProtocolLine.format("check", "ok", true, "summary", summary));
        } catch (RuntimeException e) {
            System.out.println(ProtocolLine.format("check", "ok", false, "summary", e.getMessage()));
            System.exit(1);
        }
    }
}
