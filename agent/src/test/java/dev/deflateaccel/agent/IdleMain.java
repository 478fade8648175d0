package dev.deflateaccel.agent;

import java.io.IOException;

/**
 * A stand-in for a running node in {@link LiveCommandsIT}: loads Cassandra's DeflateCompressor
 * (so an attach must retransform it), says READY, and waits until its stdin closes.
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
}
