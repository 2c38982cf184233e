package org.hsdba.pof.server;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.hsdba.pof.ext.HxFeaturesReply;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.message.ResourceReport;
import org.hsdba.pof.message.TableResource;
import org.hsdba.southbound.PofSwitch;
import org.junit.Rule;
import org.junit.Test;

/**
 * A switch's declared resources are bounded before anything is sized from them: a RESOURCE_REPORT
 * or HX_FEATURES_REPLY beyond the documented maxima closes that session (one log line, one
 * {@code switchRefused}, never ready), while a good switch keeps getting batches confirmed. The
 * hostile values are drawn at random beyond each bound; values at the bounds are accepted.
 */
public class DeclaredResourcesTest {
    private static final long SEED = Long.getLong("hsdba.seed", System.nanoTime());

    @Rule
    public final ServerFixture fixture = new ServerFixture();

    private final Random random = new Random(SEED);

    @Test
    public void theIssuesReportIsRefused() throws Exception {
        fixture.start();
        // the issue's 88-byte report: counter_num = 0xFFFFFFFF
        assertRefused(FakeSwitch.options().deviceId(7).resources(r -> withCounters(r, 0xFFFF_FFFFL)), "counters");
    }

    @Test
    public void randomHostileReportsCloseOnlyTheirSession() throws Exception {
        fixture.start();
        PofSwitch good = fixture.connectReady(FakeSwitch.options().deviceId(1));
        List<Function<ResourceReport, ResourceReport>> hostile = new ArrayList<>();
        hostile.add(r -> withCounters(r, beyond(DeclaredResources.MAX_COUNTERS, 0xFFFF_FFFFL)));
        hostile.add(r -> withTable(r, 0, 8, 320, beyond((DeclaredResources.MAX_TABLE_ENTRIES + 1) * 8 - 1, 0xFFFF_FFFFL)));
        hostile.add(r -> withTable(r, 0, 0, 320, 6000));                                  // no MM table
        hostile.add(r -> withTable(r, 3, 241 + random.nextInt(15), 320, 6000));           // > 256 tables in all (8+2+6+DT)
        hostile.add(r -> withTable(r, 1, 2, (int) beyond(DeclaredResources.MAX_KEY_BITS, 0xFFFF), 6000));
        hostile.add(r -> withTableType(r, 2, random.nextBoolean() ? 0 : 4 + random.nextInt(250)));
        for (int round = 0; round < 3; round++) {
            for (int k = 0; k < hostile.size(); k++) {
                assertRefused(FakeSwitch.options().deviceId(100 + k).resources(hostile.get(k)), "RESOURCE_REPORT");
                good.send(List.of(new org.hsdba.pof.message.EchoRequest(0))).get(5, TimeUnit.SECONDS);
            }
        }
        assertTrue("the good switch stays up", good.isConnected());
        assertEquals(1, fixture.server().switches().size());
    }

    @Test
    public void randomHostileHxRepliesAreRefused() throws Exception {
        fixture.start();
        for (int k = 0; k < 8; k++) {
            long regs = k % 2 == 0 ? beyond(DeclaredResources.MAX_REGISTER_WORDS, 0xFFFF_FFFFL) : 65536;
            int state = k % 2 == 1 ? (random.nextBoolean() ? 0 : 65 + random.nextInt(0xFFFF - 65)) : 8;
            HxFeaturesReply reply = new HxFeaturesReply(0, HxTypes.EXT_VERSION, state, 256, 256, 280, regs, 4096, 4096,
                    1, 2);
            assertRefused(FakeSwitch.options().deviceId(200 + k).hxFeatures(reply), "HX_FEATURES_REPLY");
        }
    }

    @Test
    public void declarationsAtTheBoundsAreAccepted() throws Exception {
        fixture.start();
        HxFeaturesReply max = new HxFeaturesReply(0, HxTypes.EXT_VERSION, DeclaredResources.MAX_STATE_WORDS,
                0xFFFF, 0xFFFF, DeclaredResources.MAX_PARAM_BYTES, DeclaredResources.MAX_REGISTER_WORDS,
                DeclaredResources.MAX_PENDING_JOINS, DeclaredResources.MAX_INSTRUCTION_BUDGET, 1, 2);
        PofSwitch sw = fixture.connectReady(FakeSwitch.options().deviceId(3).hxFeatures(max)
                .resources(r -> withCounters(withTable(r, 0, 8, DeclaredResources.MAX_KEY_BITS,
                        DeclaredResources.MAX_TABLE_ENTRIES * 8), DeclaredResources.MAX_COUNTERS)));
        assertEquals(DeclaredResources.MAX_COUNTERS, sw.resources().counterCount());
        assertEquals(DeclaredResources.MAX_REGISTER_WORDS, sw.extensionFeatures().orElseThrow().registerWords());
    }

    private void assertRefused(FakeSwitch.Options options, String what) throws Exception {
        int linesBefore = fixture.closedLines.size();
        FakeSwitch sw = fixture.connect(options);
        String refusal = fixture.events.refused.poll(5, TimeUnit.SECONDS);
        assertNotNull("seed " + SEED + ": no switchRefused for " + what + " (device " + options.deviceId + ", log "
                + fixture.closedLines + ")", refusal);
        assertTrue(refusal, refusal.contains(what) && refusal.contains("declares"));
        assertTrue("seed " + SEED + ": connection closed", sw.awaitClosed(5000));
        assertEquals("one log line", linesBefore + 1, fixture.closedLines.size());
        assertTrue(fixture.closedLines.get(linesBefore), fixture.closedLines.get(linesBefore).contains(what));
        assertTrue(fixture.closedLines.get(linesBefore), fixture.closedLines.get(linesBefore).endsWith("| true"));
        assertTrue("not ready", fixture.server().getSwitch(options.deviceId).isEmpty());
    }

    /** A random value in (bound, max], biased to just beyond the bound and to the extreme. */
    private long beyond(long bound, long max) {
        switch (random.nextInt(3)) {
            case 0:
                return bound + 1;
            case 1:
                return max;
            default:
                return bound + 1 + (long) (random.nextDouble() * (max - bound - 1));
        }
    }

    static ResourceReport withCounters(ResourceReport r, long counters) {
        return new ResourceReport(r.xid(), r.resourceType(), r.slotId(), counters, r.meterCount(), r.groupCount(),
                r.tables());
    }

    static ResourceReport withTable(ResourceReport r, int position, int count, int keyBits, long totalSize) {
        List<TableResource> tables = new ArrayList<>(r.tables());
        TableResource t = tables.get(position);
        tables.set(position, new TableResource(t.deviceId(), t.tableType(), count, keyBits, totalSize));
        return new ResourceReport(r.xid(), r.resourceType(), r.slotId(), r.counterCount(), r.meterCount(),
                r.groupCount(), tables);
    }

    static ResourceReport withTableType(ResourceReport r, int position, int type) {
        List<TableResource> tables = new ArrayList<>(r.tables());
        TableResource t = tables.get(position);
        tables.set(position, new TableResource(t.deviceId(), type, t.tableCount(), t.keyLengthBits(), t.totalSize()));
        return new ResourceReport(r.xid(), r.resourceType(), r.slotId(), r.counterCount(), r.meterCount(),
                r.groupCount(), tables);
    }
}
