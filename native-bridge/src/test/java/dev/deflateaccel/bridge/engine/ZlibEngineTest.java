package dev.deflateaccel.bridge.engine;

class ZlibEngineTest extends EngineConformanceTest {
    @Override
    protected DeflateEngine openEngine() {
        return new ZlibEngine(8);
    }
}
