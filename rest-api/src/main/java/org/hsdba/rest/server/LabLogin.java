package org.hsdba.rest.server;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import javax.servlet.ServletException;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;
import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.ErrorCode;
import org.hsdba.rest.error.JsonResponses;

/**
 * A login page and logout for the lab's server (ONOS keeps its own login): {@code GET login} shows
 * a form, {@code POST login} with the lab's user and password starts a session (an unguessable
 * token in an HttpOnly, SameSite=Strict cookie) and sends the browser to the GUI, {@code POST
 * logout} ends it, {@code GET session} says who is logged in. A request with a live session and
 * no Authorization header is passed on with the lab's BASIC credentials, so the web context's
 * own authentication (the same web.xml as in ONOS) stays the only check. Opening the GUI without
 * credentials leads to the login page instead of the browser's BASIC prompt; REST clients keep
 * BASIC (401 with the challenge).
 */
final class LabLogin extends HandlerWrapper {

    static final String COOKIE = "HSDBA_SESSION";
    /** Sessions kept at most; the oldest is forgotten first (the lab has one operator, a few browsers). */
    static final int MAX_SESSIONS = 256;

    private final String context;
    private final String user;
    private final byte[] password;
    private final String basic;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, String> sessions = new LinkedHashMap<>();

    LabLogin(String contextPath, String user, String password) {
        this.context = Objects.requireNonNull(contextPath, "contextPath");
        this.user = Objects.requireNonNull(user, "user");
        this.password = password.getBytes(StandardCharsets.UTF_8);
        this.basic = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void handle(String target, Request base, HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        String path = request.getRequestURI();
        String method = request.getMethod();
        if (path.equals(context + "/login")) {
            base.setHandled(true);
            if ("POST".equals(method)) {
                login(base, response);
            } else if ("GET".equals(method) || "HEAD".equals(method)) {
                page(response, 200, null);
            } else {
                notAllowed(response, "GET, POST");
            }
            return;
        }
        if (path.equals(context + "/logout")) {
            base.setHandled(true);
            if (!"POST".equals(method)) {
                notAllowed(response, "POST");
                return;
            }
            String token = token(request);
            if (token != null) {
                forget(token);
            }
            response.addHeader("Set-Cookie", COOKIE + "=; Path=" + context + "; Max-Age=0; HttpOnly; SameSite=Strict");
            redirect(response, context + "/login?out");
            return;
        }
        String who = request.getHeader("Authorization") == null ? sessionUser(token(request)) : null;
        if (path.equals(context + "/session")) {
            base.setHandled(true);
            if (who == null) {
                json(response, 404, ApiError.withStatus(404, ErrorCode.NOT_FOUND, "no login session: log in at "
                        + context + "/login").toJson().toString());
            } else {
                ObjectNode o = JsonNodeFactory.instance.objectNode();
                o.put("user", who);
                o.put("logout", context + "/logout");
                json(response, 200, o.toString());
            }
            return;
        }
        if (who != null) {
            // The session stands for the lab's credentials: the context's BASIC authentication checks them.
            base.getHttpFields().put(HttpHeader.AUTHORIZATION, basic);
        } else if (request.getHeader("Authorization") == null && "GET".equals(method)
                && (path.equals(context + "/ui/") || path.equals(context + "/ui/index.html") || path.equals(context + "/ui"))) {
            base.setHandled(true);
            redirect(response, context + "/login");
            return;
        }
        super.handle(target, base, request, response);
    }

    private void login(Request base, HttpServletResponse response) throws IOException {
        Map<String, String> form = form(new String(base.getInputStream().readNBytes(4096), StandardCharsets.UTF_8));
        String u = form.getOrDefault("user", "");
        byte[] p = form.getOrDefault("password", "").getBytes(StandardCharsets.UTF_8);
        // Both compared in constant time, so the answer's timing does not tell which one was wrong.
        boolean ok = MessageDigest.isEqual(u.getBytes(StandardCharsets.UTF_8), user.getBytes(StandardCharsets.UTF_8))
                & MessageDigest.isEqual(p, password);
        if (!ok) {
            page(response, 401, "Wrong user name or password.");
            return;
        }
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        synchronized (sessions) {
            sessions.put(token, user);
            if (sessions.size() > MAX_SESSIONS) {
                sessions.remove(sessions.keySet().iterator().next());
            }
        }
        response.addHeader("Set-Cookie", COOKIE + "=" + token + "; Path=" + context + "; HttpOnly; SameSite=Strict");
        redirect(response, context + "/ui/");
    }

    private String sessionUser(String token) {
        if (token == null) {
            return null;
        }
        synchronized (sessions) {
            return sessions.get(token);
        }
    }

    private void forget(String token) {
        synchronized (sessions) {
            sessions.remove(token);
        }
    }

    private static String token(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return null;
        }
        for (Cookie c : cookies) {
            if (COOKIE.equals(c.getName())) {
                return c.getValue();
            }
        }
        return null;
    }

    /** application/x-www-form-urlencoded → name to value (the last one of a name wins). */
    static Map<String, String> form(String body) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                out.put(URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                // a malformed %-escape: that field counts as absent, so the login is refused
            }
        }
        return out;
    }

    private static void redirect(HttpServletResponse response, String location) {
        response.setStatus(303);
        response.setHeader("Location", location);
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(0);
    }

    private static void notAllowed(HttpServletResponse response, String allow) throws IOException {
        response.setHeader("Allow", allow);
        json(response, 405, ApiError.withStatus(405, ErrorCode.METHOD_NOT_ALLOWED, "use " + allow).toJson().toString());
    }

    private static void json(HttpServletResponse response, int status, String body) throws IOException {
        JsonResponses.write(response, status, body);
    }

    private void page(HttpServletResponse response, int status, String message) throws IOException {
        String html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>hsdba lab: log in</title>"
                + "<style>body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1d2330;margin:0}"
                + "main{max-width:340px;margin:12vh auto;padding:20px;background:#fff;border:1px solid #d9dde5;border-radius:6px}"
                + "h1{font-size:18px;margin:0 0 12px}label{display:block;font-size:13px;color:#5b6475;margin:10px 0 2px}"
                + "input{width:100%;box-sizing:border-box;padding:6px;font:inherit;border:1px solid #d9dde5;border-radius:4px}"
                + "button{margin-top:14px;width:100%;padding:7px;font:inherit;background:#1f5fbf;color:#fff;border:0;border-radius:4px}"
                + ".bad{color:#b3261e;background:#fdecea;padding:6px 8px;border-radius:4px;font-size:13px}"
                + ".hint{font-size:12px;color:#5b6475;margin-top:12px}</style></head><body><main>"
                + "<h1>hsdba lab</h1>"
                + (message == null ? "" : "<p class=\"bad\" role=\"alert\">" + message + "</p>")
                + "<form method=\"post\" action=\"" + context + "/login\">"
                + "<label for=\"user\">User</label><input id=\"user\" name=\"user\" autocomplete=\"username\" required autofocus>"
                + "<label for=\"password\">Password</label><input id=\"password\" name=\"password\" type=\"password\""
                + " autocomplete=\"current-password\" required>"
                + "<button type=\"submit\">Log in</button></form>"
                + "<p class=\"hint\">The lab prints its user and password when it starts. Inside ONOS the GUI uses ONOS's own login.</p>"
                + "</main></body></html>";
        JsonResponses.write(response, status, "text/html", html);
    }
}
