package org.hsdba.rest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import javax.ws.rs.HttpMethod;
import javax.ws.rs.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.rest.resources.OpenApiResource;
import org.junit.BeforeClass;
import org.junit.Test;

/** The OpenAPI document describes exactly the routes the resource classes answer, in valid OpenAPI 3 structure. */
public class OpenApiDocumentTest {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static JsonNode doc;

    @BeforeClass
    public static void load() throws IOException {
        try (InputStream in = OpenApiResource.class.getResourceAsStream(OpenApiResource.DOCUMENT)) {
            assertNotNull("the OpenAPI document is not on the class path", in);
            doc = new ObjectMapper().readTree(in);
        }
    }

    /** "GET /devices/{device}" for every resource method, by reflection over the JAX-RS annotations. */
    static Set<String> routesOfResources() {
        Set<String> routes = new TreeSet<>();
        for (Class<?> c : HsdbaWebApplication.RESOURCES) {
            String base = c.getAnnotation(Path.class).value();
            for (Method m : c.getMethods()) {
                String verb = httpMethod(m);
                if (verb == null) {
                    continue;
                }
                Path p = m.getAnnotation(Path.class);
                String path = "/" + trim(base) + (p == null ? "" : "/" + trim(p.value()));
                routes.add(verb + " " + path);
            }
        }
        return routes;
    }

    private static String httpMethod(Method m) {
        for (Annotation a : m.getAnnotations()) {
            HttpMethod h = a.annotationType().getAnnotation(HttpMethod.class);
            if (h != null) {
                return h.value();
            }
        }
        return null;
    }

    private static String trim(String p) {
        return p.replaceAll("^/+", "").replaceAll("/+$", "");
    }

    static Set<String> routesOfDocument() {
        Set<String> routes = new TreeSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = doc.get("paths").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> path = it.next();
            for (Iterator<String> ms = path.getValue().fieldNames(); ms.hasNext(); ) {
                String m = ms.next();
                if (METHODS.contains(m)) {
                    routes.add(m.toUpperCase() + " " + path.getKey());
                }
            }
        }
        return routes;
    }

    @Test
    public void everyRouteIsDocumentedAndEveryDocumentedRouteExists() {
        Set<String> answered = routesOfResources();
        Set<String> documented = routesOfDocument();
        Set<String> undocumented = new TreeSet<>(answered);
        undocumented.removeAll(documented);
        Set<String> phantom = new TreeSet<>(documented);
        phantom.removeAll(answered);
        assertTrue("routes missing from openapi.json: " + undocumented, undocumented.isEmpty());
        assertTrue("openapi.json documents routes no resource answers: " + phantom, phantom.isEmpty());
        assertTrue("the resources answer too few routes: " + answered, answered.size() >= 20);
    }

    @Test
    public void documentHasTheOpenApi3Structure() {
        assertTrue("openapi must be 3.x", doc.path("openapi").asText().startsWith("3."));
        assertFalse("info.title", doc.path("info").path("title").asText().isEmpty());
        assertFalse("info.version", doc.path("info").path("version").asText().isEmpty());
        assertEquals("/onos/hsdba/v1", doc.path("servers").path(0).path("url").asText());
        assertTrue("paths", doc.path("paths").isObject() && doc.path("paths").size() > 0);
        Set<String> operationIds = new HashSet<>();
        List<String> problems = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = doc.get("paths").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> path = it.next();
            if (!path.getKey().startsWith("/")) {
                problems.add(path.getKey() + ": paths start with /");
            }
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                String where = op.getKey().toUpperCase() + " " + path.getKey();
                if (!METHODS.contains(op.getKey())) {
                    problems.add(where + ": not an HTTP method");
                    continue;
                }
                JsonNode responses = op.getValue().path("responses");
                if (!responses.isObject() || responses.size() == 0) {
                    problems.add(where + ": no responses");
                }
                boolean success = false;
                for (Iterator<String> codes = responses.fieldNames(); codes.hasNext(); ) {
                    String code = codes.next();
                    success |= code.startsWith("2");
                    if (!code.matches("[1-5][0-9][0-9]|default")) {
                        problems.add(where + ": response code " + code);
                    }
                    JsonNode r = responses.get(code);
                    if (!r.has("$ref") && !r.has("description")) {
                        problems.add(where + " " + code + ": a response needs a description");
                    }
                }
                if (!success) {
                    problems.add(where + ": no 2xx response");
                }
                if (!operationIds.add(op.getValue().path("operationId").asText())) {
                    problems.add(where + ": operationId missing or used twice");
                }
                for (String param : pathParameters(path.getKey())) {
                    if (!declares(op.getValue(), param)) {
                        problems.add(where + ": path parameter {" + param + "} is not declared");
                    }
                }
            }
        }
        collectBrokenRefs(doc, problems);
        assertTrue(String.join("\n", problems), problems.isEmpty());
    }

    /**
     * The responsive hold's range and default in the document are the service's: 0 (off) .. the
     * range's top, default what {@code HsdbaParameters.DEFAULTS} holds (2 s), and the description says 0 turns it off.
     */
    @Test
    public void theResponsiveHoldsRangeAndDefaultAreTheServices() {
        JsonNode hold = doc.at("/components/schemas/Parameters/properties/responsiveHoldSeconds");
        assertFalse("responsiveHoldSeconds is not documented", hold.isMissingNode());
        assertEquals(org.hsdba.model.Durations.seconds(org.hsdba.model.Ranges.RESPONSIVE_HOLD.min()),
                hold.path("minimum").asDouble(), 0);
        assertEquals(org.hsdba.model.Durations.seconds(org.hsdba.model.Ranges.RESPONSIVE_HOLD.max()),
                hold.path("maximum").asDouble(), 0);
        assertTrue(hold.toString(), hold.path("default").isNumber());
        assertEquals(org.hsdba.model.Durations.seconds(org.hsdba.api.HsdbaParameters.DEFAULTS.responsiveHold()),
                hold.path("default").asDouble(), 0);
        assertTrue(hold.toString(), hold.path("description").asText().contains("0 turns it off"));
    }

    private static List<String> pathParameters(String path) {
        List<String> out = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{([^}]+)}").matcher(path);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static boolean declares(JsonNode op, String name) {
        for (JsonNode p : op.path("parameters")) {
            JsonNode resolved = p.has("$ref") ? doc.at(p.get("$ref").asText().substring(1)) : p;
            if (name.equals(resolved.path("name").asText()) && "path".equals(resolved.path("in").asText())) {
                return true;
            }
        }
        return false;
    }

    private static void collectBrokenRefs(JsonNode node, List<String> problems) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && (!ref.asText().startsWith("#/") || doc.at(ref.asText().substring(1)).isMissingNode())) {
                problems.add("unresolved $ref " + ref.asText());
            }
        }
        node.forEach(child -> collectBrokenRefs(child, problems));
    }
}
