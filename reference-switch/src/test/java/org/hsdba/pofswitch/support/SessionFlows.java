package org.hsdba.pofswitch.support;

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
import org.hsdba.pof.message.FlowMod;

/**
 * The six FLOW_MODs of shared/pof-vectors/README.md, built with the codec's model. The vector file
 * keeps their first 400 bytes (header, matches, the start of the first instruction); tests check
 * that prefix byte for byte, the rest follows the README's description of each flow.
 */
public final class SessionFlows {
    public static final Match ETHER_TYPE = Match.of(0, 96, 16);
    private static final Match MD_32 = Match.metadata(32, 32);
    private static final Match MD_64 = Match.metadata(64, 32);
    private static final Operand PORT_2 = Operand.immediate(2);

    private SessionFlows() {
    }

    /** The flows with the session's xids 106..111 (vector records 15..20). */
    public static List<FlowMod> all() {
        return List.of(
                mm(106, 0, 0x0800, 1).instruction(ApplyActions.of(OutputAction.toPort(2))).build(),
                mm(107, 1, 0x88b5, 2).instruction(
                        WriteMetadata.of(32, 32, 5),
                        CalculateField.of(CalcType.ADD, MD_32, Operand.immediate(10)),
                        CalculateField.of(CalcType.LEFT_SHIFT, MD_32, Operand.immediate(4)),
                        ConditionalJump.of(MD_32, Operand.immediate(240), Jump.forward(2), Jump.next(), Jump.forward(2)),
                        ApplyActions.of(OutputAction.of(PORT_2, 32, 32, 0)),
                        ApplyActions.of(DropAction.of(3))).build(),
                mm(108, 2, 0x88b6, 3).instruction(ApplyActions.of(PacketInAction.of(7))).build(),
                mm(109, 3, 0x88b7, 4).instruction(GotoDirectTable.of(16, 0, Operand.immediate(0))).build(),
                FlowMod.builder().xid(110).command(0).table(3, 0).index(0).counterId(6).instruction(ApplyActions.of(
                        CounterAction.of(5),
                        SetFieldAction.of(MatchX.exact(Match.of(0, 48, 48), 0x0200000000aaL)),
                        OutputAction.toPort(2))).build(),
                mm(111, 4, 0x88b8, 7).instruction(
                        WriteMetadataFromPacket.of(32, 112, 32),
                        ConditionalJump.of(MD_32, Operand.immediate(7), Jump.forward(4), Jump.next(), Jump.next()),
                        CalculateField.of(CalcType.SUBTRACT, MD_32, Operand.immediate(7)),
                        CalculateField.of(CalcType.ADD, MD_64, Operand.immediate(1)),
                        ConditionalJump.of(MD_32, Operand.immediate(0), Jump.backward(3), Jump.backward(3),
                                Jump.backward(3)),
                        ApplyActions.of(OutputAction.of(PORT_2, 32, 64, 0))).build());
    }

    private static FlowMod.Builder mm(long xid, long index, long etherType, long counter) {
        return FlowMod.builder().xid(xid).command(0).table(0, 0).index(index).priority(10).counterId(counter)
                .match(MatchX.exact(ETHER_TYPE, etherType));
    }
}
