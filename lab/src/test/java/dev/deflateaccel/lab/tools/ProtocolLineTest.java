package dev.deflateaccel.lab.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ProtocolLineTest {
    @Test
    void roundTripsValuesWithSpacesAndSymbols() {
        String line = ProtocolLine.format("check", "ok", true, "summary", "igzip served 10 ops, 0 errors = fine");
        ProtocolLine parsed = ProtocolLine.parse(line);
        assertEquals("check", parsed.kind);
        assertEquals("true", parsed.get("ok"));
        assertEquals("igzip served 10 ops, 0 errors = fine", parsed.get("summary"));
    }

    @Test
    void parsesTheCReferencesLines() {
        ProtocolLine p = ProtocolLine.parse("@@ result engine=libdeflate op=compress mbps=86.56,85.94,72.21");
        assertEquals("libdeflate", p.get("engine"));
        assertArrayEquals(new double[] {86.56, 85.94, 72.21}, p.getDoubles("mbps"));
    }

    @Test
    void joinsDoublesThatParseBack() {
        double[] values = {1.5, 250.25, 0.1234};
        String line = ProtocolLine.format("result", "mbps", ProtocolLine.joinDoubles(values));
        assertArrayEquals(values, ProtocolLine.parse(line).getDoubles("mbps"), 1e-9);
    }

    @Test
    void ordinaryOutputIsNotProtocol() {
        assertFalse(ProtocolLine.isProtocol("[deflate-accel] engine libdeflate 1.14"));
        assertThrows(IllegalArgumentException.class, () -> ProtocolLine.parse("hello"));
        assertThrows(IllegalArgumentException.class, () -> ProtocolLine.parse("@@ result novalue"));
        assertThrows(IllegalArgumentException.class, () -> ProtocolLine.parse("@@ result a=1").get("b"));
    }
}
