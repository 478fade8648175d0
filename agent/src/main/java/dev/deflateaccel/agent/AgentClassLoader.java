package dev.deflateaccel.agent;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The agent's own class loader. The jar is on the system class path (a -javaagent or
 * {@code java -jar} puts it there), so everything of ours there would share Cassandra's name
 * space: our JNA could shadow the node's, or the node's ours. Only the few classes listed in
 * docs/architecture.md are stored as classes; the rest (the bridge, JNA, Byte Buddy, the
 * doctor, the advisor, their resources and JNA's native dispatch libraries) are stored under
 * {@code inst/}, classes as {@code .classdata}, which the system class loader cannot load, and
 * this loader defines them from there (as OpenTelemetry's Java agent does).
 *
 * <p>Its parent is the JDK's loader (the platform loader; on Java 8 the extension loader), so
 * it shares nothing with the application but the JDK and package {@code dev.deflateaccel.agent.api},
 * which it takes from the loader that holds this class: the woven DeflateCompressor calls that
 * package, so both sides must see the same copy of it.
 */
final class AgentClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    static final String INST = "inst/";
    static final String CLASS_DATA = ".classdata";
    static final String SHARED_PACKAGE = "dev.deflateaccel.agent.api.";

    /** One per JVM: premain, every later agentmain (attach, reload, detach, status) and the CLI run in it. */
    private static ClassLoader agentLoader;

    private final URL jar;
    private final Manifest manifest;
    private final CodeSource codeSource;

    private AgentClassLoader(URL jar, Manifest manifest) {
        super(new URL[] {jar}, jdkLoader());
        this.jar = jar;
        this.manifest = manifest;
        this.codeSource = new CodeSource(jar, (Certificate[]) null);
    }

    /**
     * Runs {@code className.method(args)} in the agent's loader, with it as the thread's context
     * loader meanwhile. What the method throws is thrown as it is.
     */
    static void call(String className, String method, Class<?>[] types, Object... args) throws Throwable {
        ClassLoader loader = agentLoader();
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Class.forName(className, true, loader).getMethod(method, types).invoke(null, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /**
     * The loader for the jar this class came from; created once. Classes run from a directory
     * (this module's tests, an IDE) have no {@code inst/}: they run in the loader that has them.
     */
    static synchronized ClassLoader agentLoader() throws IOException, URISyntaxException {
        if (agentLoader == null) {
            URL location = AgentClassLoader.class.getProtectionDomain().getCodeSource().getLocation();
            File file = new File(location.toURI());
            agentLoader = AgentClassLoader.class.getClassLoader();
            if (file.isFile()) {
                try (JarFile jarFile = new JarFile(file)) {
                    if (jarFile.getEntry(INST) != null) {
                        agentLoader = new AgentClassLoader(location, jarFile.getManifest());
                    }
                }
            }
        }
        return agentLoader;
    }

    /** The top of the JDK's own loaders below the system loader: the platform loader, or Java 8's extension loader. */
    private static ClassLoader jdkLoader() {
        ClassLoader loader = ClassLoader.getSystemClassLoader();
        while (loader.getParent() != null) {
            loader = loader.getParent();
        }
        return loader;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(SHARED_PACKAGE)) {
            return AgentClassLoader.class.getClassLoader().loadClass(name);
        }
        return super.loadClass(name, resolve);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        URL data = super.findResource(INST + name.replace('.', '/') + CLASS_DATA);
        if (data == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes;
        try (InputStream in = data.openStream()) {
            bytes = readAll(in);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            definePackageOnce(name.substring(0, dot));
        }
        return defineClass(name, bytes, 0, bytes.length, codeSource);
    }

    /** With the jar's manifest, so that a package states its Implementation-Version (AgentVersion reads it). */
    @SuppressWarnings("deprecation") // getPackage: getDefinedPackage is Java 9+
    private void definePackageOnce(String name) {
        if (getPackage(name) == null) {
            try {
                definePackage(name, manifest, jar);
            } catch (IllegalArgumentException definedMeanwhile) {
                // another thread defined it first
            }
        }
    }

    /**
     * A resource under {@code inst/} first ({@code X.class} as {@code inst/X.classdata}, so that
     * Byte Buddy reads the advice's bytes), then at the jar's top level (META-INF, the shared
     * classes). JNA finds its native dispatch library here, under inst/, and since that URL is
     * not a file, it extracts a copy of its own rather than share the node's JNA's.
     */
    @Override
    public URL findResource(String name) {
        URL inside = super.findResource(instPath(name));
        return inside != null ? inside : super.findResource(name);
    }

    @Override
    public Enumeration<URL> findResources(String name) throws IOException {
        List<URL> found = new ArrayList<>(Collections.list(super.findResources(instPath(name))));
        found.addAll(Collections.list(super.findResources(name)));
        return Collections.enumeration(found);
    }

    private static String instPath(String name) {
        return INST + (name.endsWith(".class") ? name.substring(0, name.length() - ".class".length()) + CLASS_DATA : name);
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) > 0;) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }
}
