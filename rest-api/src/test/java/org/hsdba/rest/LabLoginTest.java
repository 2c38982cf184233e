package org.hsdba.rest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.net.InetSocketAddress;

import org.hsdba.rest.server.HsdbaRestServer;
import org.junit.Test;

/** The lab's login page and logout: a session cookie that stands for the lab's credentials, and nothing more. */
public class LabLoginTest {

    private static final String FORM = "application/x-www-form-urlencoded";

    private static String cookieOf(Http.Answer a) {
        String set = a.header("Set-Cookie");
        assertTrue(String.valueOf(set), set != null && set.startsWith("HSDBA_SESSION="));
        assertTrue(set, set.contains("HttpOnly") && set.contains("SameSite=Strict") && set.contains("Path=/onos/hsdba"));
        return set.substring(0, set.indexOf(';'));
    }

    @Test
    public void loginGivesASessionThatLogoutEnds() throws Exception {
        try (LabService service = new LabService();
             HsdbaRestServer server = HsdbaRestServer.start(service.manager(), new InetSocketAddress("127.0.0.1", 0),
                     "alice", "s3cret")) {
            Http anonymous = new Http(server.baseUri(), null, null);
            // the GUI without credentials leads to the login page, not to the browser's BASIC prompt
            Http.Answer ui = anonymous.get("ui/");
            assertEquals(303, ui.status());
            assertEquals("/onos/hsdba/login", ui.header("Location"));
            Http.Answer page = anonymous.get("login");
            assertEquals(200, page.status());
            assertTrue(page.header("Content-Type").startsWith("text/html"));
            assertTrue(page.body().contains("name=\"password\""));
            // REST clients keep BASIC: 401 with the challenge
            Http.Answer api = anonymous.get("v1/devices");
            assertEquals(401, api.status());
            assertTrue(api.header("WWW-Authenticate").toLowerCase().startsWith("basic"));

            Http.Answer wrong = anonymous.post("login", "user=alice&password=nope", "Content-Type", FORM);
            assertEquals(401, wrong.status());
            assertTrue(wrong.body().contains("Wrong user name or password"));
            assertNull(wrong.header("Set-Cookie"));
            assertNull("no BASIC prompt over the login page", wrong.header("WWW-Authenticate"));
            assertEquals(401, anonymous.post("login", "user=bob&password=s3cret", "Content-Type", FORM).status());

            Http.Answer ok = anonymous.post("login", "user=alice&password=s3cret", "Content-Type", FORM);
            assertEquals(303, ok.status());
            assertEquals("/onos/hsdba/ui/", ok.header("Location"));
            String cookie = cookieOf(ok);
            assertEquals(200, anonymous.get("v1/devices", "Cookie", cookie).status());
            assertEquals(200, anonymous.get("ui/", "Cookie", cookie).status());
            Http.Answer who = anonymous.get("session", "Cookie", cookie);
            assertEquals(200, who.status());
            assertEquals("alice", who.json().get("user").asText());
            // a forged or stale cookie is no session
            assertEquals(401, anonymous.get("v1/devices", "Cookie", "HSDBA_SESSION=forged").status());
            assertEquals(404, anonymous.get("session", "Cookie", "HSDBA_SESSION=forged").status());
            // explicit credentials still decide on their own: wrong BASIC with a good cookie is refused
            assertEquals(401, anonymous.withCredentials("alice", "wrong").get("v1/devices", "Cookie", cookie).status());

            assertEquals(405, anonymous.get("logout").status());
            Http.Answer out = anonymous.post("logout", "", "Cookie", cookie, "Content-Type", FORM);
            assertEquals(303, out.status());
            assertTrue(out.header("Set-Cookie").contains("Max-Age=0"));
            assertEquals(401, anonymous.get("v1/devices", "Cookie", cookie).status());
            assertFalse(anonymous.get("ui/", "Cookie", cookie).status() == 200);
        }
    }
}
