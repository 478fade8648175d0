package dev.deflateaccel.harness.workload;

import java.time.Instant;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One measurement of the steady-load time-series table, derived from its index alone, so a read
 * can be checked without remembering what was written. Point i belongs to sensor i % sensors,
 * is that sensor's (i / sensors)-th reading, ten seconds after the previous one; a partition holds
 * one sensor's day. The payload is a small JSON document with a few noisy numbers - compressible
 * the way device telemetry is (about 0.3-0.5 with Deflate), not random and not a repeated string.
 */
public final class TimeSeriesPoint {

    private static final long EPOCH_MILLIS = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private static final long STEP_MILLIS = 10_000;
    private static final long READINGS_PER_DAY = 86_400_000L / STEP_MILLIS;
    private static final String[] STATUS = {"OK", "OK", "OK", "OK", "OK", "OK", "WARN", "RECALIBRATING"};

    public final int sensor;
    public final int day;
    public final Instant ts;
    public final double value;
    public final String status;
    public final String payload;

    private TimeSeriesPoint(int sensor, int day, Instant ts, double value, String status, String payload) {
        this.sensor = sensor;
        this.day = day;
        this.ts = ts;
        this.value = value;
        this.status = status;
        this.payload = payload;
    }

    public static TimeSeriesPoint of(long index, int sensors) {
        int sensor = (int) (index % sensors);
        long reading = index / sensors;
        SplittableRandom random = new SplittableRandom(index * 0x9E3779B97F4A7C15L + 17);
        double value = 20 + 5 * Math.sin(reading / 360.0 + sensor) + random.nextDouble() - 0.5;
        String status = STATUS[random.nextInt(STATUS.length)];
        StringBuilder json = new StringBuilder(320);
        json.append(String.format(Locale.ROOT, "{\"sensor\":\"s-%05d\",\"site\":\"plant-%02d\",\"fw\":\"2.%d.%d\","
                        + "\"temp\":%.3f,\"hum\":%.2f,\"battery\":%d,\"status\":\"%s\",\"vibration\":[", sensor,
                sensor % 37, sensor % 5, sensor % 11, value, 40 + random.nextDouble() * 20, 100 - (int) (reading % 100),
                status));
        for (int i = 0; i < 12; i++) {
            json.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.4f", random.nextDouble() * 0.05));
        }
        json.append("]}");
        return new TimeSeriesPoint(sensor, (int) (reading / READINGS_PER_DAY),
                Instant.ofEpochMilli(EPOCH_MILLIS + reading * STEP_MILLIS), value, status, json.toString());
    }

    /** Uncompressed column bytes: sensor 4 + day 4 + ts 8 + value 8 + UTF-8 status and payload (ASCII). */
    public int rawBytes() {
        return 24 + status.length() + payload.length();
    }
}
