package org.hsdba.cli;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.CoreMatchers.not;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledThreadPoolExecutor;

import org.apache.karaf.shell.support.CommandException;
import org.hsdba.api.DeviceMode;
import org.hsdba.api.HsdbaParameters;
import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.Mastership;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.program.DeviceProgram;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.southbound.SwitchMode;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mockito.Mockito;

/**
 * The CLI and the switch: an edit the connected switch cannot hold is a CommandException with the
 * reason; an edit for a switch not connected prints a warning line; hsdba-state says which
 * version the switch enforces.
 */
public class SwitchAdmissionCommandsTest {

    private static final String DEVICE = "pof:0000000000000001";
    private static final PortRef PORT = PortRef.of(DEVICE, 3);
    /** Nodes the switch holds over all its trees: what stands in for its tables. */
    private static final int ROOM = 2;

    private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1);
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    /** The connected switch (never told it is ready, so never programmed), or null. */
    private volatile PofSwitch connected;
    private HsdbaManager manager;
    private PrintStream stdout;

    @Before
    public void setUp() {
        PofSwitchService switches = new PofSwitchService() {
            @Override
            public Collection<PofSwitch> switches() {
                PofSwitch sw = connected;
                return sw == null ? List.of() : List.of(sw);
            }

            @Override
            public Optional<PofSwitch> getSwitch(long deviceId) {
                return Optional.ofNullable(connected);
            }

            @Override
            public void addListener(PofSwitchListener listener) {
            }

            @Override
            public void removeListener(PofSwitchListener listener) {
            }
        };
        ProgramCompiler compiler = new ProgramCompiler() {
            @Override
            public DeviceProgram compile(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode, HsdbaParameters p) {
                throw new AssertionError("the switch is never programmed here");
            }

            @Override
            public Optional<String> misfit(List<BandwidthTree> trees, PofSwitch sw, DeviceMode mode, HsdbaParameters p) {
                int nodes = trees.stream().mapToInt(BandwidthTree::size).sum();
                return nodes > ROOM ? Optional.of(nodes + " nodes, room for " + ROOM) : Optional.empty();
            }
        };
        manager = new HsdbaManager(new InMemoryHsdbaStore(), switches, compiler, executor, TimeSource.SYSTEM,
                Mastership.ALWAYS);
        manager.start();
        manager.putTree(BandwidthTree.builder(PORT).capacity(Rate.parse("10G"))
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .addNode(NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).build())
                .build(), OptionalLong.empty());
        stdout = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    @After
    public void tearDown() {
        System.setOut(stdout);
        manager.stop();
        executor.shutdownNow();
    }

    private static PofSwitch switchWithPort3() {
        PofSwitch sw = Mockito.mock(PofSwitch.class);
        Mockito.when(sw.deviceId()).thenReturn(1L);
        Mockito.when(sw.isConnected()).thenReturn(true);
        Mockito.when(sw.mode()).thenReturn(SwitchMode.CONTROLLER_ASSISTED);
        Mockito.when(sw.ports()).thenReturn(List.of(PortDesc.builder().portId(3).name("s1-eth3").deviceId(1).build()));
        return sw;
    }

    private <C extends PortCommand> C atPort(C command) {
        command.service = manager;
        command.device = DEVICE;
        command.port = 3;
        command.json = false;
        return command;
    }

    private NodeAddCommand add(String id, String key) {
        NodeAddCommand add = atPort(new NodeAddCommand());
        add.id = id;
        add.key = key;
        add.parent = "lab";
        return add;
    }

    private String printed() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    public void anEditTheConnectedSwitchCannotHoldIsACommandExceptionWithTheReason() throws Exception {
        connected = switchWithPort3();
        add("alice", "10.0.0.1").doExecute(); // 2 nodes: fits, no warning
        assertThat(printed(), containsString("added alice"));
        assertThat(printed(), not(containsString("warning")));
        CommandException e = assertThrows(CommandException.class, add("bob", "10.0.0.2")::doExecute);
        assertThat(e.getMessage(), containsString("switch " + DEVICE + " cannot hold this tree: 3 nodes, room for 2"));
        assertFalse(manager.tree(PORT).get().contains("bob"));
    }

    @Test
    public void anEditForASwitchNotConnectedPrintsAWarningAndStateSaysWhatTheSwitchEnforces() throws Exception {
        add("alice", "10.0.0.1").doExecute();
        add("bob", "10.0.0.2").doExecute(); // 3 nodes: not judged, the switch is not here
        assertThat(printed(), containsString("warning: switch " + DEVICE + " is not connected: the tree is checked"
                + " against its ports and tables and programmed when it connects"));
        assertEquals(3, manager.tree(PORT).get().operatorVersion());
        atPort(new StateCommand()).doExecute();
        assertThat(printed(), containsString("enforcement: switch not connected: version 3 is programmed when it connects"));
    }
}
