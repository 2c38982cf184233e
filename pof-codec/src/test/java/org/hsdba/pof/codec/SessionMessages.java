package org.hsdba.pof.codec;

import java.util.List;
import org.hsdba.pof.action.CounterAction;
import org.hsdba.pof.action.DropAction;
import org.hsdba.pof.action.OutputAction;
import org.hsdba.pof.action.PacketInAction;
import org.hsdba.pof.action.SetFieldAction;
import org.hsdba.pof.instruction.ApplyActions;
import org.hsdba.pof.instruction.CalcType;
import org.hsdba.pof.instruction.CalculateField;
import org.hsdba.pof.instruction.ConditionalJump;
import org.hsdba.pof.instruction.GotoDirectTable;
import org.hsdba.pof.instruction.Jump;
import org.hsdba.pof.instruction.WriteMetadata;
import org.hsdba.pof.instruction.WriteMetadataFromPacket;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.match.Operand;
import org.hsdba.pof.message.CounterCommand;
import org.hsdba.pof.message.CounterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PortDesc;
import org.hsdba.pof.message.PortMod;
import org.hsdba.pof.message.PortReason;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;
import org.hsdba.pof.table.GlobalTableIds;
import org.hsdba.pof.table.TableType;

/**
 * The controller side of the captured session (shared/pof-vectors/README.md), built from the
 * model API alone. The FLOW_MODs are the six of the README table; the vector file keeps only
 * their first 400 bytes, so the instructions past that point follow the README's description.
 */
public final class SessionMessages {
    /** The EtherType: packet bits 96..111. */
    public static final Match ETHER_TYPE = Match.of(0, 96, 16);
    /** Output port s1-eth2. */
    public static final long PORT_2 = 2;
    /** The switch's table counts (RESOURCE_REPORT): MM 8, LPM 2, EM 6, DT 7. */
    public static final GlobalTableIds TABLE_IDS = GlobalTableIds.of(8, 2, 6, 7);

    private static final Match MD_32_63 = Match.metadata(32, 32);
    private static final Match MD_64_95 = Match.metadata(64, 32);

    private SessionMessages() {
    }

    /** PORT_MOD enabling a port as the session did: the reported description, reason MODIFY, of_enable 1. */
    public static PortMod enablePort(long xid, int portId, String name, byte[] mac) {
        PortDesc desc = PortDesc.builder().portId(portId).deviceId(1).hwAddr(mac).name(name)
                .state(PortDesc.STATE_LIVE).current(3).advertised(0x0a).supported(0xffffffffL).peer(0x0a)
                .openflowEnable(1).build();
        return new PortMod(xid, PortReason.MODIFY, desc);
    }

    /** TABLE_MOD for MM#0 keyed on the EtherType. */
    public static TableMod firstTable(long xid, int command) {
        return TableMod.builder().xid(xid).command(command).table(TableType.MM, 0).size(16)
                .name("FirstEntryTable").match(ETHER_TYPE).build();
    }

    /** TABLE_MOD ADD for DT#0. */
    public static TableMod directTable(long xid) {
        return TableMod.builder().xid(xid).command(TableModCommand.ADD).table(TableType.DT, 0).size(16)
                .name("DirectTable").build();
    }

    public static CounterMod addCounter5(long xid) {
        return CounterMod.of(xid, CounterCommand.ADD, 5);
    }

    /** Flow {@code n} (0..5) of the README table, with the given xid and command. */
    public static FlowMod flow(int n, long xid, int command) {
        FlowMod.Builder b = FlowMod.builder().xid(xid).command(command);
        switch (n) {
            case 0:
                return mm(b, 0, 0x0800, 1).instruction(ApplyActions.of(OutputAction.toPort(PORT_2))).build();
            case 1:
                return mm(b, 1, 0x88b5, 2).instruction(
                        WriteMetadata.of(32, 32, 5),
                        CalculateField.of(CalcType.ADD, MD_32_63, Operand.immediate(10)),
                        CalculateField.of(CalcType.LEFT_SHIFT, MD_32_63, Operand.immediate(4)),
                        ConditionalJump.of(MD_32_63, Operand.immediate(240), Jump.forward(2), Jump.next(),
                                Jump.forward(2)),
                        ApplyActions.of(OutputAction.of(Operand.immediate(PORT_2), 32, 32, 0)),
                        ApplyActions.of(DropAction.of(3))).build();
            case 2:
                return mm(b, 2, 0x88b6, 3).instruction(ApplyActions.of(PacketInAction.of(7))).build();
            case 3:
                return mm(b, 3, 0x88b7, 4).instruction(GotoDirectTable.of(TABLE_IDS.globalId(TableType.DT, 0), 0,
                        Operand.immediate(0))).build();
            case 4:
                return b.table(TableType.DT, 0).index(0).counterId(6).instruction(ApplyActions.of(
                        CounterAction.of(5),
                        SetFieldAction.of(MatchX.exact(Match.of(0, 48, 48), 0x0200000000aaL)),
                        OutputAction.toPort(PORT_2))).build();
            case 5:
                return mm(b, 4, 0x88b8, 7).instruction(
                        WriteMetadataFromPacket.of(32, 112, 32),
                        ConditionalJump.of(MD_32_63, Operand.immediate(7), Jump.forward(4), Jump.next(), Jump.next()),
                        CalculateField.of(CalcType.SUBTRACT, MD_32_63, Operand.immediate(7)),
                        CalculateField.of(CalcType.ADD, MD_64_95, Operand.immediate(1)),
                        ConditionalJump.of(MD_32_63, Operand.immediate(0), Jump.backward(3), Jump.backward(3),
                                Jump.backward(3)),
                        ApplyActions.of(OutputAction.of(Operand.immediate(PORT_2), 32, 64, 0))).build();
            default:
                throw new IllegalArgumentException("the session has flows 0..5, not " + n);
        }
    }

    /** All six flows in send order, with the session's xids 106..111. */
    public static List<FlowMod> flows(int command) {
        return List.of(flow(0, 106, command), flow(1, 107, command), flow(2, 108, command), flow(3, 109, command),
                flow(4, 110, command), flow(5, 111, command));
    }

    private static FlowMod.Builder mm(FlowMod.Builder b, long index, long etherType, long counterId) {
        return b.table(TableType.MM, 0).index(index).priority(10).counterId(counterId)
                .match(MatchX.exact(ETHER_TYPE, etherType));
    }
}
