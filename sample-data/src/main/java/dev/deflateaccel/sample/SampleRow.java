package dev.deflateaccel.sample;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.UUID;

/** One row of the test tables, as written and as read back. */
public final class SampleRow {

    public final long pk;
    public final int ck;
    public final UUID id;
    public final Instant created;
    public final String name;
    public final String body;
    public final double amount;
    public final byte[] payload;

    public SampleRow(long pk, int ck, UUID id, Instant created, String name, String body, double amount, byte[] payload) {
        this.pk = pk;
        this.ck = ck;
        this.id = id;
        this.created = created;
        this.name = name;
        this.body = body;
        this.amount = amount;
        this.payload = payload;
    }

    public ByteBuffer payloadBuffer() {
        return ByteBuffer.wrap(payload);
    }

    /** 64 bits of SHA-256 over every value: equal digests mean equal rows. */
    public long digest() {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(256 + payload.length + body.length() * 2);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeLong(pk);
            out.writeInt(ck);
            out.writeLong(id.getMostSignificantBits());
            out.writeLong(id.getLeastSignificantBits());
            out.writeLong(created.toEpochMilli());
            writeText(out, name);
            writeText(out, body);
            out.writeLong(Double.doubleToLongBits(amount));
            out.writeInt(payload.length);
            out.write(payload);
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray());
            return ByteBuffer.wrap(hash).getLong();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void writeText(DataOutputStream out, String text) throws IOException {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    @Override
    public String toString() {
        return "row(pk=" + pk + ", ck=" + ck + ", id=" + id + ", created=" + created + ", name=" + name
                + ", body=" + body.length() + " chars, amount=" + amount + ", payload=" + payload.length + " bytes)";
    }
}
