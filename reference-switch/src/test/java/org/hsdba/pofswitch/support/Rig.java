package org.hsdba.pofswitch.support;

import java.util.List;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.error.SwitchError;

/** Builds small switch programs for tests: tables, entries, ports enabled. */
public final class Rig {
    private final Datapath dp;
    private long xid = 1000;

    public Rig(DatapathConfig config) {
        this.dp = new Datapath(config);
        dp.enableAllPorts();
    }

    /** A stock switch with the default two ports, or an extended one. */
    public static Rig of(boolean extension) {
        return new Rig(DatapathConfig.builder().extensionEnabled(extension).build());
    }

    public Datapath dp() {
        return dp;
    }

    /** TABLE_MOD ADD of a table keyed on {@code matches} (key length = their sum). */
    public Rig table(int type, int tid, Match... matches) throws SwitchError {
        int key = 0;
        for (Match m : matches) {
            key += m.lengthBits();
        }
        dp.tableMod(TableMod.builder().xid(xid++).command(0).table(type, tid).size(100).keyLengthBits(key)
                .name("t" + type + "_" + tid).matches(List.of(matches)).build());
        return this;
    }

    /** FLOW_MOD ADD; returns the errors reported although the entry was installed. */
    public List<SwitchError> entry(int type, int tid, long index, int priority, List<MatchX> matches,
            Instruction... instructions) throws SwitchError {
        return dp.flowMod(flow(0, type, tid, index, priority, matches, instructions));
    }

    public FlowMod flow(int command, int type, int tid, long index, int priority, List<MatchX> matches,
            Instruction... instructions) {
        return FlowMod.builder().xid(xid++).command(command).table(type, tid).index(index).priority(priority)
                .matches(matches).instruction(instructions).build();
    }
}
