package org.hsdba.rest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

import org.hsdba.rest.ui.UiServlet;
import org.junit.ClassRule;
import org.junit.Test;

/** The GUI's files at /onos/hsdba/ui/ (when module web-ui is built and on the class path). */
public class UiServingTest {

    @ClassRule
    public static final RestFixture FX = new RestFixture();
    private final Http http = FX.http();

    private static void assumeGuiPackaged() {
        assumeTrue("module web-ui is not built", UiServlet.class.getResource(UiServlet.ROOT + "/index.html") != null);
    }

    @Test
    public void theFolderServesIndexHtmlWithRevalidation() {
        assumeGuiPackaged();
        Http.Answer a = http.get("ui/");
        assertEquals(200, a.status());
        assertTrue(a.header("Content-Type"), a.header("Content-Type").startsWith("text/html"));
        assertEquals("no-cache", a.header("Cache-Control"));
        assertTrue(a.body().toLowerCase().contains("<html"));
        String etag = a.header("ETag");
        assertEquals(304, http.get("ui/", "If-None-Match", etag).status());
        assertEquals(200, http.get("ui/index.html").status());
    }

    @Test
    public void scriptsAndStylesHaveTheirContentTypes() {
        assumeGuiPackaged();
        Http.Answer js = http.get("ui/app.js");
        assertEquals(200, js.status());
        assertTrue(js.header("Content-Type"), js.header("Content-Type").startsWith("text/javascript"));
        Http.Answer css = http.get("ui/app.css");
        assertEquals(200, css.status());
        assertTrue(css.header("Content-Type").startsWith("text/css"));
    }

    @Test
    public void theFolderWithoutSlashRedirects() {
        Http.Answer a = http.get("ui");
        assertEquals(302, a.status());
        assertTrue(a.header("Location"), a.header("Location").endsWith("/onos/hsdba/ui/"));
    }

    @Test
    public void theContextRootLeadsToTheGui() {
        Http.Answer a = http.get("");
        assertEquals(302, a.status());
        assertTrue(a.header("Location"), a.header("Location").endsWith("/onos/hsdba/ui/"));
    }

    @Test
    public void missingFilesAndEscapesAre404() {
        assertEquals(404, http.get("ui/no-such-file.js").status());
        assertEquals("not-found", http.get("ui/no-such-file.js").error().get("code").asText());
        assertEquals(404, http.get("ui/..%2fWEB-INF/web.xml").status());
        assertEquals(404, http.get("ui/lib").status());
    }
}
