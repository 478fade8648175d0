package dev.deflateaccel.sample;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Deterministic, realistic rows: row {@code i} depends only on the seed and {@code i}, so any row
 * can be regenerated to check a read without keeping what was written. The mix is what a Deflate
 * table typically holds: prose-like text with a skewed vocabulary, names, uuids, increasing
 * timestamps, money amounts, small JSON documents, and in about one row in seven an incompressible
 * binary blob (an image thumbnail or an encrypted token, say).
 */
public final class SampleRows {

    private static final long BASE_MILLIS = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
    private static final String[] FIRST = {"Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "Ken",
        "Margaret", "Dennis", "Radia", "Leslie", "Sophie", "Tim", "Hedy", "Niklaus", "Karen", "John", "Shafi", "Linus"};
    private static final String[] LAST = {"Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen",
        "Thompson", "Hamilton", "Ritchie", "Perlman", "Lamport", "Wilson", "Berners-Lee", "Lamarr", "Wirth",
        "Jones", "McCarthy", "Goldwasser", "Torvalds"};
    private static final String[] WORDS = ("the of and to in a is that for it as was with be by on not he this are or "
            + "his from at which but have an they you were her she there been one all we their has would when if "
            + "so no will more out up into do any your what some can only other new time could about than may "
            + "order customer shipment delivered warehouse invoice payment pending refund account balance "
            + "product quantity price discount tax region north south east west priority express standard "
            + "returned damaged replacement support ticket opened closed resolved escalated billing address "
            + "updated created deleted session login device mobile browser error timeout retry success failure "
            + "sensor reading temperature humidity pressure battery firmware version upgrade scheduled").split(" ");
    private static final String[] WAREHOUSES = {"AMS-1", "FRA-2", "DUB-1", "IAD-3", "SFO-1", "NRT-2", "SIN-1", "GRU-1"};
    private static final String[] TAGS = {"gift", "fragile", "bulk", "priority", "return", "b2b", "promo", "eco"};

    private final long seed;
    private final int rowsPerPartition;

    public SampleRows(long seed, int rowsPerPartition) {
        this.seed = seed;
        this.rowsPerPartition = rowsPerPartition;
    }

    public long indexOf(long pk, int ck) {
        return pk * rowsPerPartition + ck;
    }

    public SampleRow row(long index) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        long pk = index / rowsPerPartition;
        int ck = (int) (index % rowsPerPartition);
        UUID id = uuid4(random);
        Instant created = Instant.ofEpochMilli(BASE_MILLIS + index * 7919 + random.nextInt(1000));
        String name = FIRST[random.nextInt(FIRST.length)] + " " + LAST[random.nextInt(LAST.length)];
        String body = prose(random, 6 + random.nextInt(55));
        double amount = random.nextInt(10_000_000) / 100.0;
        byte[] payload = random.nextInt(7) == 0 ? noise(random, 200 + random.nextInt(1000)) : json(random, index);
        return new SampleRow(pk, ck, id, created, name, body, amount, payload);
    }

    private static UUID uuid4(SplittableRandom random) {
        long msb = (random.nextLong() & 0xFFFFFFFFFFFF0FFFL) | 0x0000000000004000L;
        long lsb = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb);
    }

    /** Words drawn with a skew towards the front of the list, as word frequencies are in text. */
    private static String prose(SplittableRandom random, int words) {
        StringBuilder text = new StringBuilder(words * 7);
        boolean sentenceStart = true;
        for (int i = 0; i < words; i++) {
            String word = WORDS[(int) (WORDS.length * Math.pow(random.nextDouble(), 2.2))];
            if (random.nextInt(25) == 0) {
                word = "#" + (10000 + random.nextInt(90000));
            }
            if (sentenceStart) {
                word = Character.toUpperCase(word.charAt(0)) + word.substring(1);
            }
            text.append(word);
            sentenceStart = random.nextInt(12) == 0;
            text.append(sentenceStart ? ". " : i % 9 == 8 ? ", " : " ");
        }
        return text.toString().trim() + ".";
    }

    private static byte[] json(SplittableRandom random, long index) {
        StringBuilder json = new StringBuilder(160);
        json.append("{\"sku\":\"").append((char) ('A' + random.nextInt(26))).append((char) ('A' + random.nextInt(26)))
                .append('-').append(1000 + random.nextInt(9000)).append("\",\"qty\":").append(1 + random.nextInt(20))
                .append(",\"warehouse\":\"").append(WAREHOUSES[random.nextInt(WAREHOUSES.length)])
                .append("\",\"line\":").append(index % 97).append(",\"tags\":[");
        int tags = random.nextInt(4);
        for (int t = 0; t < tags; t++) {
            json.append(t == 0 ? "" : ",").append('"').append(TAGS[random.nextInt(TAGS.length)]).append('"');
        }
        json.append("]}");
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] noise(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return bytes;
    }
}
