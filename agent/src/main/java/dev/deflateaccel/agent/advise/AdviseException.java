package dev.deflateaccel.agent.advise;

/**
 * Input the advisor cannot use, with a message that names the file and what is wrong with it. It
 * never means that anything was changed: the advisor only reads.
 */
public final class AdviseException extends Exception {
    private static final long serialVersionUID = 1L;

    public AdviseException(String message) {
        super(message);
    }

    public AdviseException(String message, Throwable cause) {
        super(message, cause);
    }
}
