package dev.deflateaccel.harness;

/** A wait between polls of a node. An interrupt ends the wait and whatever polled: the caller is being stopped. */
public final class Pause {

    private Pause() {
    }

    public static void millis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
