package dev.deflateaccel.bridge.engine;

/** The conformance suite on the igzip engine, on the library build {@link LibrariesUnderTest} names. */
class IgzipEngineTest extends EngineConformanceTest {
    @Override
    protected DeflateEngine openEngine() {
        return IgzipEngine.open(LibrariesUnderTest.isal(), 1, 8, 1 << 20);
    }

    @Override
    protected String expectedLibraryFolder() {
        return LibrariesUnderTest.folder(LibrariesUnderTest.ISAL);
    }
}
