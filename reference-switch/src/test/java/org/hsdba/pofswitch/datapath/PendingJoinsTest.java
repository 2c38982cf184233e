package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxCallBlock;
import org.hsdba.pof.ext.HxLookup;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.PacketIn;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pofswitch.support.Frames;
import org.hsdba.pofswitch.support.Rig;
import org.junit.Before;
import org.junit.Test;

/**
 * Which outstanding joins a FLOW_MOD ADD settles: exactly those whose key now finds the new entry,
 * whether it is an exact entry (found by its key) or a wildcard one (matched against every
 * outstanding key), in MM, LPM and EM level tables. A settled key sends a join again at its next
 * miss; an unsettled one stays quiet until its hold time (100 ms) passes.
 */
public class PendingJoinsTest {
    private static final Match ETHER = Match.of(0, 96, 16);
    private static final Match B14 = Match.of(0, 112, 8);
    private static final int[] KEYS = {0x05, 0x06, 0x15, 0x16};

    private Rig rig;
    private int type;
    private long now;

    /** A level table of {@code type} (local id 1) and one miss (one join) per key. */
    private void setUp(int tableType) throws Exception {
        type = tableType;
        rig = Rig.of(true).table(0, 0, ETHER).table(type, 1, B14);
        int globalId = rig.dp().config().tableIds().globalId(type, 1);
        List<RawInstruction> block = new ArrayList<>();
        for (Instruction i : List.of(new HxLookup(globalId, true, 0, 0x80, 100),
                ApplyActions.of(OutputAction.toPort(2)))) {
            block.add(ExtCodec.compact(i));
        }
        rig.dp().blockMod(HxBlockMod.add(1, 1, HxTypes.NONE_16, true, block));
        rig.entry(0, 0, 0, 1, List.of(MatchX.exact(ETHER, 0x0800)), new HxCallBlock(1, 0, new byte[0]));
        for (int key : KEYS) {
            assertEquals("first miss of key " + key, 1, joins(key));
        }
        for (int key : KEYS) {
            assertEquals("key " + key + " is outstanding", 0, joins(key));
        }
    }

    @Before
    public void start() {
        now = 0;
    }

    @Test
    public void anExactEntrySettlesItsOwnKeyOnly() throws Exception {
        setUp(0);
        rig.entry(0, 1, 0, 0, List.of(MatchX.exact(B14, 0x06)), ApplyActions.of(OutputAction.toPort(1)));
        assertSettled(0x06);
        assertOutstanding(0x05, 0x15, 0x16);
    }

    @Test
    public void aWildcardEntrySettlesEveryKeyItMatches() throws Exception {
        setUp(0);
        rig.entry(0, 1, 0, 0, List.of(MatchX.masked(B14, 0x06, 0x0F)), ApplyActions.of(OutputAction.toPort(1)));
        assertSettled(0x06, 0x16);
        assertOutstanding(0x05, 0x15);
    }

    @Test
    public void lpmAndEmTablesSettleLikeLookupsFindTheEntry() throws Exception {
        setUp(1);
        rig.entry(1, 1, 0, 0, List.of(MatchX.masked(B14, 0x10, 0xF0)), ApplyActions.of(OutputAction.toPort(1)));
        assertSettled(0x15, 0x16);
        assertOutstanding(0x05, 0x06);

        setUp(2);
        rig.entry(2, 1, 0, 0, List.of(MatchX.exact(B14, 0x15)), ApplyActions.of(OutputAction.toPort(1)));
        assertSettled(0x15);
        assertOutstanding(0x05, 0x06, 0x16);
    }

    /** The keys find the new entry; once it is deleted they miss and send a join at once. */
    private void assertSettled(int... keys) throws Exception {
        for (int key : keys) {
            assertEquals("key " + key + " goes to the new entry", 0, joins(key));
        }
        rig.dp().flowMod(rig.flow(3, type, 1, 0, 0, List.of(MatchX.exact(B14, 0))));
        for (int key : keys) {
            assertEquals("key " + key + " was settled", 1, joins(key));
        }
    }

    /** The keys miss but send no join: still outstanding within the hold time. */
    private void assertOutstanding(int... keys) throws Exception {
        for (int key : keys) {
            assertEquals("key " + key + " still outstanding", 0, joins(key));
        }
    }

    private int joins(int key) {
        now += 1_000_000; // 1 ms per packet: well within the 100 ms hold time
        int n = 0;
        for (PofMessage m : rig.dp().process(Frames.ethernet(0x0800, new byte[] {(byte) key}), 1, now).upward()) {
            if (m instanceof PacketIn) {
                n++;
            }
        }
        return n;
    }
}
