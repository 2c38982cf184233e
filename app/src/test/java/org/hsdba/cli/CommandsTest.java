package org.hsdba.cli;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledThreadPoolExecutor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.impl.action.command.DefaultActionPreparator;
import org.apache.karaf.shell.support.CommandException;
import org.hsdba.api.VersionConflictException;
import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.Mastership;
import org.hsdba.impl.TimeSource;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.TreeEdit;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.InMemoryHsdbaStore;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mockito.Mockito;

/** The CLI commands against a real manager (no switch): what they change and what they print. */
public class CommandsTest {

    private static final String DEVICE = "pof:0000000000000001";
    private static final PortRef PORT = PortRef.of(DEVICE, 3);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1);
    private HsdbaManager manager;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private PrintStream stdout;

    @Before
    public void setUp() {
        PofSwitchService none = new PofSwitchService() {
            @Override
            public Collection<PofSwitch> switches() {
                return List.of();
            }

            @Override
            public Optional<PofSwitch> getSwitch(long deviceId) {
                return Optional.empty();
            }

            @Override
            public void addListener(PofSwitchListener listener) {
            }

            @Override
            public void removeListener(PofSwitchListener listener) {
            }
        };
        manager = new HsdbaManager(new InMemoryHsdbaStore(), none, (trees, sw, mode, p) -> {
            throw new AssertionError("no switch, nothing to compile");
        }, executor, TimeSource.SYSTEM, Mastership.ALWAYS);
        manager.start();
        manager.putTree(BandwidthTree.builder(PORT).capacity(Rate.parse("10G"))
                .levels(List.of(LevelSpec.of("subnet", FieldSpec.of(240, 16)), LevelSpec.of("user", FieldSpec.of(240, 32))))
                .addNode(NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).guaranteed(Rate.parse("4G")).build())
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

    /** The command against the manager, on port 3 of {@link #DEVICE}. */
    private <C extends PortCommand> C atPort(C command) {
        command.service = manager;
        command.device = DEVICE;
        command.port = 3;
        return command;
    }

    private String printed() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    public void addUpdateRemoveANode() {
        NodeAddCommand add = atPort(new NodeAddCommand());
        add.id = "alice";
        add.key = "10.0.0.1";
        add.parent = "lab";
        add.peak = "1G";
        add.run();
        assertEquals(Rate.parse("1G"), manager.tree(PORT).get().get("alice").peak());
        assertThat(printed(), containsString("added alice"));

        NodeUpdateCommand update = atPort(new NodeUpdateCommand());
        update.id = "alice";
        update.peak = "unlimited";
        update.pinned = true;
        update.run();
        NodeSpec alice = manager.tree(PORT).get().get("alice");
        assertTrue(alice.peak().isUnlimited());
        assertTrue(alice.isPinned());

        NodeRemoveCommand remove = atPort(new NodeRemoveCommand());
        remove.id = "lab";
        remove.run();
        assertFalse(manager.tree(PORT).get().contains("alice"));
        assertThat(printed(), containsString("removed 2 node(s) [lab, alice]"));
    }

    @Test
    public void adoptingAJoinedNodeDeclaresItAndTheTreeListingSaysWhichJoined() {
        // Added as joined by an edit: a whole tree written with a joined node that is not stored is
        // taken as one pruned since the writer read it (PUT tree keeps membership as it is).
        manager.edit(PORT, TreeEdit.add(NodeSpec.builder("user-10.0.0.9").parent("lab")
                .key(MatchKey.parse("10.0.0.9", null, 32)).joined(true).build()), OptionalLong.empty());
        assertTrue(CliFormat.treeLines(manager.tree(PORT).get()).stream()
                .anyMatch(l -> l.contains("user-10.0.0.9") && l.endsWith(" joined")));

        NodeUpdateCommand update = atPort(new NodeUpdateCommand());
        update.id = "user-10.0.0.9";
        update.adopt = true;
        update.run();
        assertFalse(manager.tree(PORT).get().get("user-10.0.0.9").isJoined());
        assertTrue(CliFormat.treeLines(manager.tree(PORT).get()).stream().noneMatch(l -> l.endsWith(" joined")));
    }

    /**
     * Refused edits reach Karaf as its CommandException: the shell prints the reasons, fails the
     * command and logs at DEBUG only (any other exception is logged at ERROR with a stack trace).
     */
    @Test
    public void refusedEditsAreCommandExceptionsWithTheReasonsAndChangeNothing() {
        long version = manager.tree(PORT).get().operatorVersion();
        NodeAddCommand add = atPort(new NodeAddCommand());
        add.id = "alice";
        add.key = "10.0.0.1";
        add.parent = "lab";
        add.guaranteed = "20G";
        CommandException admission = assertThrows(CommandException.class, add::doExecute);
        assertThat(admission.getMessage(), containsString("20 Gb/s"));
        assertThat(admission.getNiceHelp(), containsString("Error executing command: "));

        NodeRemoveCommand remove = atPort(new NodeRemoveCommand());
        remove.id = "lab";
        remove.version = version + 5;
        CommandException stale = assertThrows(CommandException.class, remove::doExecute);
        assertThat(stale.getMessage(), containsString("not the expected version " + (version + 5)));

        NodeRemoveCommand missing = atPort(new NodeRemoveCommand());
        missing.id = "nobody";
        assertThrows(CommandException.class, missing::doExecute);

        assertEquals("nothing changed", version, manager.tree(PORT).get().operatorVersion());
        assertTrue(manager.tree(PORT).get().contains("lab"));
    }

    @Test
    public void aFaultThatIsNotTheOperatorsStaysAnError() {
        NodeRemoveCommand remove = atPort(new NodeRemoveCommand());
        remove.service = null; // outside Karaf: the service lookup itself fails
        remove.id = "lab";
        Exception e = assertThrows(Exception.class, remove::doExecute);
        assertFalse(e.toString(), e instanceof CommandException);
    }

    /** A timeout of ONOS's store (its message is only the map's name) is told with what to do, not as a crash. */
    @Test
    public void aStoreTimeoutIsToldWithWhatToDo() {
        NodeRemoveCommand remove = atPort(new NodeRemoveCommand());
        remove.service = Mockito.mock(org.hsdba.api.HsdbaService.class, invocation -> {
            throw new org.onosproject.store.service.ConsistentMapException.Timeout("org.hsdba.config");
        });
        remove.id = "lab";
        CommandException e = assertThrows(CommandException.class, remove::doExecute);
        assertThat(e.getMessage(), containsString("ConsistentMapException.Timeout (org.hsdba.config)"));
        assertThat(e.getMessage(), containsString("may or may not have been applied"));
    }

    @Test(expected = VersionConflictException.class)
    public void aStaleVersionOptionIsAConflict() {
        NodeRemoveCommand remove = atPort(new NodeRemoveCommand());
        remove.id = "lab";
        remove.version = 7L;
        remove.run();
    }

    @Test
    public void treesPrintsTheIndentedTreeWithEffectiveValues() {
        TreesCommand trees = new TreesCommand();
        trees.service = manager;
        trees.device = DEVICE;
        trees.port = 3L;
        trees.run();
        assertThat(printed(), containsString("pof:0000000000000001/3  v1  1 node(s)  C 10 Gb/s"));
        assertThat(printed(), containsString("  lab (subnet 0x0a00) g=4 Gb/s w=1 l=unlimited"));
    }

    @Test
    public void stateAndEventsPrintTables() {
        StateCommand state = atPort(new StateCommand());
        state.run();
        assertThat(printed(), containsString("v1: capacity 10 Gb/s, guaranteed 4 Gb/s, not measured yet"));
        assertThat(printed(), containsString("lab"));
    }

    @Test
    public void jsonOptionPrintsTheTreeInTheConfigFormatAndStateWithRestMemberNames() throws Exception {
        TreesCommand trees = new TreesCommand();
        trees.service = manager;
        trees.json = true;
        trees.run();
        JsonNode list = JSON.readTree(printed());
        assertEquals(1, list.size());
        assertEquals(DEVICE, list.get(0).path("device").asText());
        assertEquals("lab", list.get(0).path("nodes").get(0).path("id").asText());
        out.reset();

        StateCommand state = atPort(new StateCommand());
        state.json = true;
        state.run();
        JsonNode s = JSON.readTree(printed());
        assertEquals(10_000_000_000L, s.path("capacityBps").asLong());
        assertEquals("lab", s.path("nodes").get(0).path("id").asText());
        assertTrue(s.path("nodes").get(0).has("effectiveLimitBps"));
        out.reset();

        EventsCommand events = new EventsCommand();
        events.service = manager;
        events.json = true;
        events.run();
        assertTrue(JSON.readTree(printed()).isArray());
    }

    @Test
    public void anEditWithJsonPrintsTheNewTree() throws Exception {
        NodeUpdateCommand update = atPort(new NodeUpdateCommand());
        update.json = true;
        update.id = "lab";
        update.pinned = true;
        update.run();
        JsonNode tree = JSON.readTree(printed());
        assertEquals(2, tree.path("version").asLong());
        assertTrue(tree.path("nodes").get(0).path("pinned").asBoolean());
    }

    @Test
    public void aNegativeVersionOptionIsRefusedWithTheOptionName() {
        NodeRemoveCommand remove = atPort(new NodeRemoveCommand());
        remove.id = "lab";
        remove.version = -1L;
        try {
            remove.run();
            fail("a negative version was accepted");
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage(), containsString("--version -1"));
        }
        assertTrue(manager.tree(PORT).get().contains("lab"));
    }

    @Test
    public void derivedWeightsPrintWithoutRoundingNoise() {
        assertEquals("3", CliFormat.fmt(2.9999999996));
        assertEquals("1.333", CliFormat.fmt(4.0 / 3));
        assertEquals("0.25", CliFormat.fmt(0.25));
        assertEquals("12350", CliFormat.fmt(12345.6));
    }

    @Test
    public void karafFillsTheArgumentsAndOptionsTheEditCommandsInherit() throws Exception {
        // The device/port arguments and --version live in abstract superclasses: Karaf's own
        // parser must still see them, numbered before the command's own arguments.
        NodeAddCommand add = new NodeAddCommand();
        assertTrue(new DefaultActionPreparator().prepare(add, Mockito.mock(Session.class), new ArrayList<>(
                List.of("--version", "4", "--parent", "lab", "-l", "3G", DEVICE, "3", "alice", "10.0.0.1"))));
        assertEquals(DEVICE, add.device);
        assertEquals(3, add.port);
        assertEquals(Long.valueOf(4), add.version);
        assertEquals("alice", add.id);
        assertEquals("10.0.0.1", add.key);
        assertEquals("lab", add.parent);
        assertEquals("3G", add.peak);
    }

    @Test
    public void noOptionShowsASentinelDefaultInTheHelp() throws Exception {
        // Karaf's help prints "(defaults to X)" for every option or argument field that is not null,
        // inherited ones (the shared device/port arguments, --version) included.
        for (Object command : List.of(new TreesCommand(), new NodeAddCommand(), new NodeUpdateCommand(),
                new NodeRemoveCommand(), new StateCommand())) {
            for (Class<?> c = command.getClass(); c != HsdbaCommand.class.getSuperclass(); c = c.getSuperclass()) {
                for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                    f.setAccessible(true);
                    Object value = f.get(command);
                    if (value instanceof Number) {
                        assertTrue(c.getSimpleName() + "." + f.getName() + " defaults to " + value,
                                ((Number) value).longValue() >= 0);
                    }
                }
            }
        }
    }
}
