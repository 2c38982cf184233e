package org.hsdba.rest.ui;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.error.JsonResponses;

/**
 * Serves the GUI's static files (class-path resources under {@value #ROOT}, from module web-ui)
 * at {@code <context>/ui/} (the context root redirects there): {@code index.html} for the directory, content types by extension, and
 * revalidation caching (the file names carry no content hash, so clients must ask again: ETag +
 * {@code Cache-Control: no-cache}, 304 when unchanged). Without the GUI packaged, 404 saying so.
 */
public final class UiServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    /** Class-path folder of the GUI's files. */
    public static final String ROOT = "/hsdba-ui";
    /** Where web.xml maps this servlet (it also answers the context root, with a redirect here). */
    private static final String UI_SERVLET_PATH = "/ui";

    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"),
            Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("mjs", "text/javascript; charset=utf-8"),
            Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("json", "application/json"),
            Map.entry("map", "application/json"),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("png", "image/png"),
            Map.entry("ico", "image/x-icon"),
            Map.entry("txt", "text/plain; charset=utf-8"),
            Map.entry("woff2", "font/woff2"));

    /** Files are immutable once the bundle is built: content and ETag are computed once. */
    private final transient Map<String, Asset> cache = new ConcurrentHashMap<>();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo();
        if (!UI_SERVLET_PATH.equals(request.getServletPath())) {
            // The context root ("/onos/hsdba/") leads to the GUI.
            response.sendRedirect(request.getContextPath() + UI_SERVLET_PATH + "/");
            return;
        }
        if (path == null) {
            // ".../ui" -> ".../ui/", so that the page's relative URLs resolve inside the folder.
            response.sendRedirect(request.getRequestURI() + "/");
            return;
        }
        if (path.endsWith("/")) {
            path = path + "index.html";
        }
        Asset asset = path.contains("..") || path.contains("//") ? Asset.MISSING : cached(path);
        if (asset == Asset.MISSING) {
            notFound(request, response);
            return;
        }
        response.setHeader("ETag", asset.etag);
        response.setHeader("Cache-Control", "no-cache");
        response.setHeader("X-Content-Type-Options", "nosniff");
        String ifNoneMatch = request.getHeader("If-None-Match");
        if (ifNoneMatch != null && ifNoneMatch.contains(asset.etag)) {
            response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
            return;
        }
        response.setContentType(asset.type);
        response.setContentLength(asset.bytes.length);
        if (!"HEAD".equals(request.getMethod())) {
            response.getOutputStream().write(asset.bytes);
        }
    }

    /** Only files that exist are cached, so requests for made-up names cannot grow the cache. */
    private Asset cached(String path) {
        Asset a = cache.get(path);
        if (a == null) {
            a = load(path);
            if (a != Asset.MISSING) {
                cache.put(path, a);
            }
        }
        return a;
    }

    private static void notFound(HttpServletRequest request, HttpServletResponse response) throws IOException {
        boolean packaged = UiServlet.class.getResource(ROOT + "/index.html") != null;
        String message = packaged ? "no such file of the GUI: " + request.getRequestURI()
                : "the GUI is not packaged in this build (module web-ui was not built); the REST API is at ../v1/";
        JsonResponses.write(response, ApiError.of(ErrorCode.NOT_FOUND, message));
    }

    private static Asset load(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        URL url = name.indexOf('.') <= 0 ? null : UiServlet.class.getResource(ROOT + path);
        if (url == null) {
            return Asset.MISSING;
        }
        try (InputStream in = url.openStream()) {
            byte[] bytes = in.readAllBytes();
            return new Asset(bytes, typeOf(path), etagOf(bytes));
        } catch (IOException e) {
            // A broken jar entry: not a file we serve.
            return Asset.MISSING;
        }
    }

    static String typeOf(String path) {
        int dot = path.lastIndexOf('.');
        String ext = dot < 0 ? "" : path.substring(dot + 1).toLowerCase(Locale.ROOT);
        return TYPES.getOrDefault(ext, "application/octet-stream");
    }

    private static String etagOf(byte[] bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
            StringBuilder sb = new StringBuilder("\"");
            for (int i = 0; i < 8; i++) {
                sb.append(String.format("%02x", d[i] & 0xff));
            }
            return sb.append('"').toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    /** One file's bytes, content type and ETag. */
    private static final class Asset {
        static final Asset MISSING = new Asset(new byte[0], "", "");

        final byte[] bytes;
        final String type;
        final String etag;

        Asset(byte[] bytes, String type, String etag) {
            this.bytes = bytes;
            this.type = type;
            this.etag = etag;
        }
    }
}
