package dev.deflateaccel.bridge.engine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * The clean-room QAT and IAA device emulators (src/test/c, built by the test phase with gcc):
 * C libraries with the ABI of libqatzip.so.3 and libqpl.so, backed by zlib, with fault
 * injection. No machine here has the hardware; numbers measured on them are emulator numbers.
 * The engines load them by path exactly as they load the vendor libraries.
 */
public final class DeviceEmulators {
    private DeviceEmulators() {
    }

    static Path dir() {
        return Paths.get(System.getProperty("deflateaccel.emulators", "target/emulators"));
    }

    public static String qatLibrary() {
        return existing(dir().resolve("libqatzip.so.3"));
    }

    public static String iaaLibrary() {
        return existing(dir().resolve("libqpl.so"));
    }

    private static String existing(Path p) {
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException(p + " is missing: the emulators are built by 'mvn test' (gcc, zlib1g-dev)");
        }
        return p.toAbsolutePath().toString();
    }

    /** The QATzip emulator's control functions. */
    public static final class Qat {
        static {
            Native.register(Qat.class, NativeLibrary.getInstance(qatLibrary()));
        }

        private Qat() {
        }

        static native int qatzip_emulator_configure(String spec);

        static native long qatzip_emulator_count(String what);

        public static void configure(String spec) {
            changeUnderTheProcess(spec);
            ProbeOnce.forget(); // a new emulated device: the engine must probe it again
        }

        /**
         * Changes the emulated device as hardware changes under a running node: nothing in the
         * process is told, so the engines keep what their probes found until a reload.
         */
        public static void changeUnderTheProcess(String spec) {
            if (qatzip_emulator_configure(spec) != 0) {
                throw new IllegalArgumentException("emulator rejected spec " + spec);
            }
        }

        public static long count(String what) {
            return qatzip_emulator_count(what);
        }
    }

    /** The QPL emulator's control functions. */
    public static final class Iaa {
        static {
            Native.register(Iaa.class, NativeLibrary.getInstance(iaaLibrary()));
        }

        private Iaa() {
        }

        static native int qpl_emulator_configure(String spec);

        static native long qpl_emulator_count(String what);

        public static void configure(String spec) {
            if (qpl_emulator_configure(spec) != 0) {
                throw new IllegalArgumentException("emulator rejected spec " + spec);
            }
            ProbeOnce.forget(); // a new emulated device: the engine must probe it again
        }

        public static long count(String what) {
            return qpl_emulator_count(what);
        }
    }
}
