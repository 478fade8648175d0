package dev.deflateaccel.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A stand-in for a running node in {@link LiveCommandsIT} and {@link Aarch64IT}: loads Cassandra's
 * DeflateCompressor (so an attach must retransform it), says READY, and waits until its stdin closes.
 */
public final class IdleMain {
    private IdleMain() {
    }

    public static void main(String[] args) throws Exception {
        Class.forName("org.apache.cassandra.io.compress.DeflateCompressor");
        System.out.println("READY");
        System.out.flush();
        try {
            while (System.in.read() >= 0) {
                // wait
            }
        } catch (IOException ignored) {
            // closed
        }
    }

    /**
     * For the test that started one: waits for its READY line, then keeps reading its output on a
     * daemon thread so that the pipe never fills and blocks it.
     */
    static void awaitReady(Process target) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (!"READY".equals(line)) {
            throw new AssertionError("expected READY from " + IdleMain.class.getSimpleName() + ", got " + line);
        }
        Thread drain = new Thread(() -> {
            try {
                while (out.readLine() != null) {
                    // keep the pipe from filling
                }
            } catch (IOException ignored) {
                // gone
            }
        });
        drain.setDaemon(true);
        drain.start();
    }
}
