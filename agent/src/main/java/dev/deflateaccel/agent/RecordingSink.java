package dev.deflateaccel.agent;

import dev.deflateaccel.bridge.AccelLog;

/** Passes lines on, and keeps a copy of those written while the agent starts, for the attach tool. */
final class RecordingSink implements AccelLog.Sink {
    private final AccelLog.Sink next;
    private final StringBuilder text = new StringBuilder();
    private volatile boolean recording = true;

    RecordingSink(AccelLog.Sink next) {
        this.next = next;
    }

    @Override
    public void write(String tag, String message) {
        if (recording) {
            synchronized (text) {
                text.append(tag).append(' ').append(message).append('\n');
            }
        }
        next.write(tag, message);
    }

    void stop() {
        recording = false;
    }

    String text() {
        synchronized (text) {
            return text.toString();
        }
    }
}
