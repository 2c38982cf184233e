package org.hsdba.lab.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hsdba.api.HsdbaEvent;
import org.hsdba.lab.runtime.Lab;
import org.hsdba.lab.runtime.LabOptions;
import org.hsdba.lab.traffic.LabScenario;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@code hsdba switch} against a lab without switches of its own, with and without the extension. */
public class SwitchCommandTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private static Path scenario() {
        return Paths.get(System.getProperty("lab.test.resources", "src/test/resources"), "lab-short.json");
    }

    private Lab controller() throws Exception {
        LabOptions o = LabOptions.builder(scenario()).switches(0).httpPort(0).pofPort(0)
                .dataDir(folder.newFolder().toPath()).statusInterval(Duration.ZERO).build();
        return Lab.start(o, LabScenario.read(scenario()), null);
    }

    private static String runSwitch(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = new SwitchCommand().run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), StopSignal::manual);
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(text + err.toString(StandardCharsets.UTF_8), 0, exit);
        return text;
    }

    @Test
    public void extensionSwitchRunsInSwitchAndForwardsTheScenariosTraffic() throws Exception {
        try (Lab lab = controller()) {
            String out = runSwitch("--controller", "127.0.0.1:" + lab.pofPort(), "--device-id", "1", "--scenario",
                    scenario().toString(), "--status", "1", "--duration", "3.5");
            assertTrue(out, out.contains("with the HSDBA extension"));
            assertTrue(out, out.contains("programmed, playing traffic"));
            assertTrue(out, out.contains("[in-switch (extension program"));
            assertTrue(out, out.contains("hsdba switch: stopped"));
            String last = out.lines().filter(l -> l.startsWith("switch 1 ")).reduce((a, b) -> b).orElseThrow();
            Matcher m = Pattern.compile("port 1: in (\\d+) dropped (\\d+) \\| port 2: out (\\d+)").matcher(last);
            assertTrue(last, m.find());
            long in = Long.parseLong(m.group(1));
            long out2 = Long.parseLong(m.group(3));
            assertTrue(last, in > 100 && out2 > 0 && out2 <= in);
            assertEquals("in-switch program", programmed(lab));
        }
    }

    @Test
    public void stockSwitchRunsControllerAssisted() throws Exception {
        try (Lab lab = controller()) {
            String out = runSwitch("--controller", "127.0.0.1:" + lab.pofPort(), "--stock", "--status", "0.5",
                    "--duration", "2.5");
            assertTrue(out, out.contains("stock POFSwitch 1.4.0"));
            assertTrue(out, out.contains("[controller-assisted (stock program"));
            assertEquals("controller-assisted program", programmed(lab));
        }
    }

    @Test
    public void severalControllersAreTriedInTurnUntilOneAnswers() throws Exception {
        int refused;
        try (java.net.ServerSocket closed = new java.net.ServerSocket(0)) {
            refused = closed.getLocalPort(); // free once closed: nobody listens there
        }
        try (Lab lab = controller()) {
            String out = runSwitch("--controller", "127.0.0.1:" + refused + ", 127.0.0.1:" + lab.pofPort(), "--stock",
                    "--status", "0", "--duration", "2.5");
            assertTrue(out, out.contains("connecting to 127.0.0.1:" + refused + ", then 127.0.0.1:" + lab.pofPort()));
            assertEquals("controller-assisted program", programmed(lab));
        }
    }

    /** What the controller said it installed on device 1 (the switch has disconnected by now). */
    private static String programmed(Lab lab) {
        HsdbaEvent e = lab.service().events(100).stream().filter(x -> x.type() == HsdbaEvent.Type.SWITCH_PROGRAMMED)
                .findFirst().orElseThrow(() -> new AssertionError("device 1 was never programmed"));
        assertEquals(LabScenario.deviceId(1), e.deviceId().orElseThrow());
        String m = e.message().replaceFirst("^installed ", "");
        return m.substring(0, m.indexOf(" program") + " program".length());
    }

    @Test
    public void badOptionsAreUsageErrorsThatNameTheOption() {
        assertUsage("--controller: expected HOST:PORT", "--controller", "nohost");
        assertUsage("--controller: expected HOST:PORT", "--controller", "127.0.0.1:6643,");
        assertUsage("--controller: \"127.0.0.1:6643\" given twice", "--controller", "127.0.0.1:6643,127.0.0.1:6643");
        assertUsage("--device-id: expected a whole number", "--device-id", "one");
        assertUsage("unknown option --colour", "--colour", "red");
        assertUsage("--scale needs --scenario", "--scale", "0.5");
        assertUsage("--ports must be in 2..254 (the scenario's trees leave by port 2)", "--ports", "1",
                "--scenario", scenario().toString());
    }

    private static void assertUsage(String expected, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = new SwitchCommand().run(List.of(args), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8), StopSignal::manual);
        String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(text, Subcommand.BAD_INPUT, exit);
        assertTrue(text, text.contains(expected));
    }
}
