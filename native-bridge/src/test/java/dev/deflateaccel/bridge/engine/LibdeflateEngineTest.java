package dev.deflateaccel.bridge.engine;

class LibdeflateEngineTest extends EngineConformanceTest {
    @Override
    protected DeflateEngine openEngine() {
        return LibdeflateEngine.open(LibdeflateEngine.DEFAULT_LIBRARY, 6, 8, 1 << 20);
    }
}
