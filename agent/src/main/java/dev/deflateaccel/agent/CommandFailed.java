package dev.deflateaccel.agent;

/** An attach, detach, reload or status command that cannot go on; the message is for the operator. */
final class CommandFailed extends Exception {
    private static final long serialVersionUID = 1L;

    CommandFailed(String message) {
        super(message);
    }
}
