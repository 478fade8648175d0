package dev.deflateaccel.bench;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Deterministic synthetic data shaped like the rows of a Cassandra data file, for checkouts without
 * the corpus. The layout loosely follows the SSTable row encoding (unsigned-vint length prefixes,
 * delta-coded timestamps) of a table such as
 *
 * <pre>
 * events(user_id uuid, event_time timestamp, event_id timeuuid, event_type text, country text,
 *        user_agent text, path text, duration_ms int, amount double, comment text, payload blob,
 *        PRIMARY KEY (user_id, event_time))
 * </pre>
 *
 * so the mix matters more than the exact bytes: repetitive text, uuids and numbers that compress
 * moderately, and some random blobs that do not compress at all. {@link java.util.Random} is used
 * on purpose: its sequence is specified, so every JDK produces the same bytes for the same seed.
 */
public final class CassandraRowGenerator {
    public static final long SEED = 0x5EEDCA55L;

    private static final String[] EVENT_TYPES = {
        "page_view", "click", "add_to_cart", "remove_from_cart", "checkout", "login", "logout",
        "search", "signup", "password_reset", "video_play", "video_pause"};
    private static final String[] COUNTRIES = {
        "US", "DE", "FR", "GB", "IN", "BR", "JP", "CN", "CA", "AU", "ES", "IT", "NL", "SE", "PL",
        "MX", "KR", "ZA", "AR", "NG"};
    private static final String[] USER_AGENTS = {
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
        "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
        "okhttp/4.12.0", "python-requests/2.32.3", "curl/8.8.0"};
    private static final String[] RESOURCES = {
        "users", "orders", "products", "carts", "sessions", "reviews", "invoices", "shipments"};
    private static final String[] WORDS = {
        "the", "of", "and", "to", "in", "is", "was", "for", "on", "with", "order", "delivery",
        "late", "fast", "great", "product", "quality", "price", "customer", "service", "support",
        "refund", "account", "password", "email", "address", "payment", "card", "failed", "retry",
        "error", "timeout", "server", "response", "page", "loading", "slow", "mobile", "app",
        "update", "version", "please", "thanks", "again", "never", "always", "today", "yesterday",
        "week", "size", "color", "small", "large", "blue", "red", "black", "white", "shipping"};

    private CassandraRowGenerator() {
    }

    public static byte[] generate(int approximateBytes) {
        Random random = new Random(SEED);
        ByteArrayOutputStream out = new ByteArrayOutputStream(approximateBytes + 4096);
        long clock = 1_700_000_000_000L;
        while (out.size() < approximateBytes) {
            writePartition(random, out, clock);
            clock += 1 + random.nextInt(60_000);
        }
        return out.toByteArray();
    }

    private static void writePartition(Random random, ByteArrayOutputStream out, long clock) {
        byte[] partitionKey = uuid(random, 4); // user_id: random (version 4) uuid
        writeVInt(out, partitionKey.length);
        out.write(partitionKey, 0, partitionKey.length);
        writeVInt(out, clock); // partition-level deletion time / timestamp base
        int rows = 1 + random.nextInt(20);
        long eventTime = clock;
        for (int r = 0; r < rows; r++) {
            eventTime += random.nextInt(5_000);
            writeRow(random, out, clock, eventTime);
        }
        out.write(0x01); // end of partition marker
    }

    private static void writeRow(Random random, ByteArrayOutputStream out, long base, long eventTime) {
        out.write(0x24 | random.nextInt(2)); // row flags
        writeLong(out, eventTime); // clustering: timestamp, fixed 8 bytes
        writeVInt(out, (eventTime - base) * 1000 + random.nextInt(1000)); // cell timestamp delta, micros
        writeBytes(out, timeUuid(random, eventTime));
        writeText(out, EVENT_TYPES[skewed(random, EVENT_TYPES.length)]);
        writeText(out, COUNTRIES[skewed(random, COUNTRIES.length)]);
        writeText(out, USER_AGENTS[skewed(random, USER_AGENTS.length)]);
        writeText(out, "/api/v1/" + RESOURCES[random.nextInt(RESOURCES.length)] + "/" + random.nextInt(1_000_000));
        writeInt(out, random.nextInt(2_000)); // duration_ms
        writeLong(out, Double.doubleToLongBits(Math.round(random.nextDouble() * 50_000) / 100.0)); // amount
        if (random.nextInt(3) == 0) {
            writeText(out, sentence(random, 3 + random.nextInt(25)));
        } else {
            writeVInt(out, 0);
        }
        if (random.nextInt(100) < 15) { // some rows carry an opaque, incompressible blob
            byte[] blob = new byte[16 + random.nextInt(241)];
            random.nextBytes(blob);
            writeBytes(out, blob);
        } else {
            writeVInt(out, 0);
        }
    }

    /** Index biased towards the start of the list, like real categorical columns. */
    private static int skewed(Random random, int size) {
        double x = random.nextDouble();
        return (int) (x * x * size);
    }

    private static String sentence(Random random, int words) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(WORDS[skewed(random, WORDS.length)]);
        }
        return text.append('.').toString();
    }

    private static byte[] uuid(Random random, int version) {
        byte[] b = new byte[16];
        random.nextBytes(b);
        b[6] = (byte) ((b[6] & 0x0f) | (version << 4));
        b[8] = (byte) ((b[8] & 0x3f) | 0x80);
        return b;
    }

    /** Version 1 uuid: time fields from the event time, a small set of node ids. */
    private static byte[] timeUuid(Random random, long millis) {
        long ticks = millis * 10_000 + 0x01B21DD213814000L + random.nextInt(10_000);
        byte[] b = new byte[16];
        long timeLow = ticks & 0xffffffffL;
        long timeMid = (ticks >>> 32) & 0xffff;
        long timeHi = (ticks >>> 48) & 0x0fff;
        putBigEndian(b, 0, timeLow, 4);
        putBigEndian(b, 4, timeMid, 2);
        putBigEndian(b, 6, timeHi | 0x1000, 2);
        putBigEndian(b, 8, 0x8000 | random.nextInt(0x4000), 2);
        putBigEndian(b, 10, 0x0242ac110000L + random.nextInt(4), 6); // a handful of nodes
        return b;
    }

    private static void putBigEndian(byte[] b, int offset, long value, int length) {
        for (int i = length - 1; i >= 0; i--) {
            b[offset + i] = (byte) value;
            value >>>= 8;
        }
    }

    private static void writeText(ByteArrayOutputStream out, String text) {
        writeBytes(out, text.getBytes(StandardCharsets.UTF_8));
    }

    private static void writeBytes(ByteArrayOutputStream out, byte[] bytes) {
        writeVInt(out, bytes.length);
        out.write(bytes, 0, bytes.length);
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        byte[] b = new byte[4];
        putBigEndian(b, 0, value, 4);
        out.write(b, 0, 4);
    }

    private static void writeLong(ByteArrayOutputStream out, long value) {
        byte[] b = new byte[8];
        putBigEndian(b, 0, value, 8);
        out.write(b, 0, 8);
    }

    /** Unsigned LEB128-style varint; close enough to Cassandra's vint for compression purposes. */
    private static void writeVInt(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7fL) != 0) {
            out.write((int) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }
}
