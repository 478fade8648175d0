package dev.deflateaccel.lab.node;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The predicted-against-measured table, on given shares: each engine's row holds its own
 * repetitions' figures, the measured share taken to stock's CPU per request.
 */
class CodecShareReportTest {

    @Test
    void eachEnginesPredictionIsHeldAgainstItsOwnRunOfTheSameRepetitionPerRequest() {
        Map<SteadyConfig, List<CodecShareResult>> results = new LinkedHashMap<>();
        List<SteadyConfig> configs = SteadyConfig.parse(SteadyConfig.CODEC_SHARE_SET);
        // Stock: 12% and 14% of its CPU (advise read 10% and 12%), predicting libdeflate 6 at 6% and 7%, igzip 1 at 7%, 8%.
        results.put(configs.get(0), List.of(stock(12, 10, 6, 7), stock(14, 12, 7, 8)));
        // libdeflate: 8% and 9% of its own CPU, at 0.8x stock's CPU per request: 6.4% and 7.2% of stock's.
        results.put(configs.get(1), List.of(engine("libdeflate", 8, 0.8), engine("libdeflate", 9, 0.8)));
        // igzip: 9% and 11%, at stock's CPU per request.
        results.put(configs.get(2), List.of(engine("igzip", 9, 1.0), engine("igzip", 11, 1.0)));
        String table = CodecShareReport.predictions(results);
        // libdeflate: predicted savings 4 and 5 points; measured 12 - 6.4 = 5.6 and 14 - 7.2 = 6.8: 0.71 and 0.74;
        // per call 3 and 3.5: 1.33 and 1.43. At the window's share: 12 * (1 - 6/10) = 4.8 and 14 * (1 - 7/12) = 5.83,
        // over per call: 1.60 and 1.67.
        assertTrue(table.contains("| mixed | libdeflate (libdeflate 6) | 13.0 (12.0-14.0) | 11.0 (10.0-12.0) |"
                + " 6.5 (6.0-7.0) | 8.5 (8.0-9.0) | 6.8 (6.4-7.2) | 4.5 (4.0-5.0) | 6.2 (5.6-6.8) | 0.72 (0.71-0.74) |"
                + " 3.3 (3.0-3.5) | 1.38 (1.33-1.43) | 5.3 (4.8-5.8) | 1.63 (1.60-1.67) |"),
                table);
        // Per call: compressing at half stock's CPU saves half the compress share: 3 and 3.5 points, whatever the windows held.
        // igzip: predicted 3 and 4, measured 3 and 3: 1.00 and 1.33; per call 3 and 3.5: 1.00 and 1.14; at the
        // window's share 12 * (1 - 7/10) = 3.6 and 14 * (1 - 8/12) = 4.67, over per call 1.20 and 1.33.
        assertTrue(table.contains("| reads | igzip (igzip 1) | 13.0 (12.0-14.0) | 11.0 (10.0-12.0) | 7.5 (7.0-8.0) |"
                + " 10.0 (9.0-11.0) | 10.0 (9.0-11.0) | 3.5 (3.0-4.0) | 3.0 (3.0-3.0) | 1.17 (1.00-1.33) |"
                + " 3.3 (3.0-3.5) | 1.07 (1.00-1.14) | 4.1 (3.6-4.7) | 1.27 (1.20-1.33) |"), table);
    }

    private static CodecShareResult stock(double agent, double advise, double libdeflate, double igzip) {
        CodecShareResult r = new CodecShareResult("cassandra");
        r.windows.values().forEach(w -> {
            w.agentShare = agent;
            w.adviseShare = advise;
            w.predicted.put("libdeflate 6", libdeflate);
            w.predicted.put("igzip 1", igzip);
            w.cpuSecondsPerOp = 1.0;
            // Half the share in each direction, at 2 and 1 us a call.
            w.directionShare[0] = agent / 2;
            w.directionShare[1] = agent / 2;
            w.cpuMicrosPerCall[0] = 2;
            w.cpuMicrosPerCall[1] = 1;
        });
        return r;
    }

    private static CodecShareResult engine(String engine, double agent, double cpuSecondsPerOp) {
        CodecShareResult r = new CodecShareResult(engine);
        r.windows.values().forEach(w -> {
            w.agentShare = agent;
            w.cpuSecondsPerOp = cpuSecondsPerOp;
            // Half stock's CPU per call compressing, and stock's decompressing.
            w.cpuMicrosPerCall[0] = 1;
            w.cpuMicrosPerCall[1] = 1;
        });
        return r;
    }
}
