package org.hsdba.packaging;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** The application archive the build produced, and the bundle manifests inside it. */
final class OarFile {

    private OarFile() {
    }

    static File locate() {
        String path = System.getProperty("hsdba.oar");
        if (path == null) {
            throw new IllegalStateException("system property hsdba.oar is not set (run through Maven)");
        }
        File file = new File(path);
        if (!file.isFile()) {
            throw new IllegalStateException(file + " does not exist: build it first with `mvn verify` "
                    + "(the oar module packages it before this module's tests run)");
        }
        return file;
    }

    /** The manifests of every bundle jar under m2/ in the archive, keyed by entry name. */
    static List<BundleJar> bundles(File oar) throws IOException {
        List<BundleJar> out = new ArrayList<>();
        try (ZipFile zip = new ZipFile(oar)) {
            for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                if (e.getName().startsWith("m2/") && e.getName().endsWith(".jar")) {
                    try (InputStream in = zip.getInputStream(e); JarInputStream jar = new JarInputStream(in)) {
                        Manifest mf = jar.getManifest();
                        out.add(new BundleJar(e.getName(), mf));
                    }
                }
            }
        }
        return out;
    }

    /** One bundle jar of the archive. */
    static final class BundleJar {
        final String entry;
        final Manifest manifest;

        BundleJar(String entry, Manifest manifest) {
            this.entry = entry;
            this.manifest = manifest;
        }

        String header(String name) {
            return manifest == null ? null : manifest.getMainAttributes().getValue(name);
        }
    }
}
