package dev.deflateaccel.bridge.engine;

/** The conformance suite on the libdeflate engine, on the library build {@link LibrariesUnderTest} names. */
class LibdeflateEngineTest extends EngineConformanceTest {
    @Override
    protected DeflateEngine openEngine() {
        return LibdeflateEngine.open(LibrariesUnderTest.libdeflate(), 6, 8, 1 << 20);
    }

    @Override
    protected String expectedLibraryFolder() {
        return LibrariesUnderTest.folder(LibrariesUnderTest.LIBDEFLATE);
    }
}
