package dev.deflateaccel.agent.advise;

/**
 * A minimal JSON writer (RFC 8259): objects, arrays, strings escaped, numbers finite or null. The
 * agent jar carries no JSON library, and the report needs no more than this.
 */
final class Json {
    private final StringBuilder b = new StringBuilder();
    /** Whether the next value in the current object or array needs a comma before it. */
    private boolean comma;

    Json open() {
        sep();
        b.append('{');
        comma = false;
        return this;
    }

    Json close() {
        b.append('}');
        comma = true;
        return this;
    }

    Json openArray() {
        sep();
        b.append('[');
        comma = false;
        return this;
    }

    Json closeArray() {
        b.append(']');
        comma = true;
        return this;
    }

    /** A key in an object; the next call writes its value. */
    Json key(String k) {
        sep();
        string(k);
        b.append(':');
        comma = false;
        return this;
    }

    Json value(String s) {
        sep();
        if (s == null) {
            b.append("null");
        } else {
            string(s);
        }
        comma = true;
        return this;
    }

    Json value(long n) {
        sep();
        b.append(n);
        comma = true;
        return this;
    }

    Json value(double d) {
        sep();
        b.append(Double.isNaN(d) || Double.isInfinite(d) ? "null" : Double.toString(d));
        comma = true;
        return this;
    }

    Json value(boolean v) {
        sep();
        b.append(v);
        comma = true;
        return this;
    }

    Json field(String k, String v) {
        return key(k).value(v);
    }

    Json field(String k, long v) {
        return key(k).value(v);
    }

    Json field(String k, double v) {
        return key(k).value(v);
    }

    Json field(String k, boolean v) {
        return key(k).value(v);
    }

    private void sep() {
        if (comma) {
            b.append(',');
            comma = false;
        }
    }

    private void string(String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    b.append("\\\"");
                    break;
                case '\\':
                    b.append("\\\\");
                    break;
                case '\n':
                    b.append("\\n");
                    break;
                case '\r':
                    b.append("\\r");
                    break;
                case '\t':
                    b.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        b.append('"');
    }

    @Override
    public String toString() {
        return b.toString();
    }
}
