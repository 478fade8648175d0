package dev.deflateaccel.bridge.engine;

class IgzipEngineTest extends EngineConformanceTest {
    @Override
    protected DeflateEngine openEngine() {
        return IgzipEngine.open(IgzipEngine.DEFAULT_LIBRARY, 1, 8, 1 << 20);
    }
}
