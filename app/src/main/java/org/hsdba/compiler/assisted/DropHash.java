package org.hsdba.compiler.assisted;

import java.util.ArrayList;
import java.util.List;

import org.hsdba.compiler.Xids;
import org.hsdba.pof.instruction.CalcType;
import org.hsdba.pof.instruction.CalculateField;
import org.hsdba.pof.instruction.ConditionalJump;
import org.hsdba.pof.instruction.GotoTable;
import org.hsdba.pof.instruction.Instruction;
import org.hsdba.pof.instruction.Jump;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.match.MatchX;
import org.hsdba.pof.match.Operand;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pof.message.TableModCommand;
import org.hsdba.pof.table.TableType;

/**
 * The per-packet drop value of controller-assisted mode, computed with stock POFSwitch 1.4.0
 * instructions in a "hash" MM table that every packet passes first (global table 0): the XOR of
 * several 32-bit frame words that vary per packet (IPv4 identification, TCP sequence and
 * acknowledgement numbers, TCP timestamps, UDP checksums, ...), folded to 16 bits. A node's entry
 * XORs its salt into it and drops when the top {@value #BITS} bits are below its threshold.
 *
 * <p>The stock switch drops a packet (and sends an ERROR) when an instruction reads beyond its
 * end, so the table is keyed by {ethertype, packet length} and reads only words that the frame
 * holds: frames shorter than 42 bytes get value 0, frames of 42..63 bytes words below byte 42,
 * IPv6 frames of 64 bytes or more the TCP/UDP/ICMPv6 words after the 40-byte header, other frames
 * of 64 bytes or more the IPv4 words up to byte 61. {@link #value} is the same computation in
 * Java (tests, simulator). Pure.
 */
public final class DropHash {

    /** Bits of the value compared with a threshold: thresholds are 0 .. 2^BITS. */
    public static final int BITS = 15;
    /** Metadata bits of the 32-bit mixing word (beyond the tag, threshold, join and salt fields). */
    public static final int M_MIX = 128;
    /** The folded 16-bit value: the low half of the mixing word. */
    public static final Match VALUE = Match.metadata(M_MIX + 16, 16);
    /** What the entries compare: the top {@link #BITS} bits of the value. */
    public static final Match DECISION = Match.metadata(M_MIX + 16, BITS);

    private static final Match LENGTH = Match.metadata(0, 16);
    private static final Match ETHERTYPE = Match.of(0, 96, 16);
    private static final int IPV6 = 0x86DD;
    /** Frames shorter than this are not mixed at all (no word of them is read). */
    static final int MIN_MIXED = 42;
    /** Frames shorter than this are short: only words below byte {@link #MIN_MIXED} are read. */
    static final int LONG = 64;

    /** Byte offsets of the words XORed into short frames (42..63 bytes). */
    static final int[] SHORT_WORDS = {16, 38};
    /** ... into IPv6 frames of 64 bytes or more: L4 ports, TCP seq / UDP length+checksum, TCP ack / UDP payload. */
    static final int[] IPV6_WORDS = {54, 58, 62};
    /**
     * ... into any other frame of 64 bytes or more (IPv4 without options: length+identification,
     * TCP seq or UDP length+checksum, TCP ack or UDP payload, TCP timestamp value or payload).
     */
    static final int[] OTHER_WORDS = {16, 38, 42, 58};

    private DropHash() {
    }

    /** The 16-bit value the switch computes for {@code frame} (before any salt). */
    public static int value(byte[] frame) {
        int n = frame.length;
        int[] words;
        if (n < MIN_MIXED) {
            return 0;
        } else if (n < LONG) {
            words = SHORT_WORDS;
        } else if (((frame[12] & 0xFF) << 8 | (frame[13] & 0xFF)) == IPV6) {
            words = IPV6_WORDS;
        } else {
            words = OTHER_WORDS;
        }
        int mix = 0;
        for (int off : words) {
            mix ^= (frame[off] & 0xFF) << 24 | (frame[off + 1] & 0xFF) << 16 | (frame[off + 2] & 0xFF) << 8
                    | (frame[off + 3] & 0xFF);
        }
        return (mix ^ (mix >>> 16)) & 0xFFFF;
    }

    /** The compared value of {@code frame} under {@code salt}: the packet is dropped iff it is below the threshold. */
    public static int decision(byte[] frame, int salt) {
        return ((value(frame) ^ salt) & 0xFFFF) >>> (16 - BITS);
    }

    /** The table and its three entries, every one ending with GOTO_TABLE({@code nextGlobalTable}). */
    static List<PofMessage> install(int mmTable, int nextGlobalTable, Xids xids) {
        List<PofMessage> out = new ArrayList<>();
        out.add(TableMod.builder().xid(xids.next()).command(TableModCommand.ADD).table(TableType.MM, mmTable).size(4)
                .name("hsdba/drop-hash").match(ETHERTYPE, LENGTH).build());
        // Short frames: len & 0xFFC0 == 0 (below 64 bytes), any ethertype; below 42 bytes nothing is read.
        List<Instruction> shortFrames = new ArrayList<>();
        shortFrames.add(ConditionalJump.of(LENGTH, Operand.immediate(MIN_MIXED), Jump.forward(SHORT_WORDS.length + 2),
                Jump.forward(1), Jump.forward(1)));
        shortFrames.addAll(mix(SHORT_WORDS));
        shortFrames.add(GotoTable.of(nextGlobalTable, 0));
        out.add(entry(mmTable, 0, 3, MatchX.masked(ETHERTYPE, 0, 0), MatchX.masked(LENGTH, 0, 0xFFC0), shortFrames,
                xids));
        List<Instruction> v6 = new ArrayList<>(mix(IPV6_WORDS));
        v6.add(GotoTable.of(nextGlobalTable, 0));
        out.add(entry(mmTable, 1, 2, MatchX.exact(ETHERTYPE, IPV6), MatchX.masked(LENGTH, 0, 0), v6, xids));
        List<Instruction> other = new ArrayList<>(mix(OTHER_WORDS));
        other.add(GotoTable.of(nextGlobalTable, 0));
        out.add(entry(mmTable, 2, 1, MatchX.masked(ETHERTYPE, 0, 0), MatchX.masked(LENGTH, 0, 0), other, xids));
        return out;
    }

    /** Deletes the entries and the table. */
    static List<PofMessage> delete(int mmTable, Xids xids) {
        List<PofMessage> out = new ArrayList<>();
        for (int index = 0; index < 3; index++) {
            out.add(FlowMod.builder().xid(xids.next()).command(FlowModCommand.DELETE).table(TableType.MM, mmTable)
                    .index(index).build());
        }
        out.add(TableMod.builder().xid(xids.next()).command(TableModCommand.DELETE).table(TableType.MM, mmTable).build());
        return out;
    }

    /** {@code value ^= salt}: the first instruction of an entry that decides by the value. */
    static Instruction salt(int salt) {
        return CalculateField.of(CalcType.BITWISE_XOR, VALUE, Operand.immediate(salt & 0xFFFF));
    }

    /** {@code value ^= metadata field} (the catch-all takes its parent's salt from metadata). */
    static Instruction salt(Match field) {
        return CalculateField.of(CalcType.BITWISE_XOR, VALUE, Operand.field(field));
    }

    private static List<Instruction> mix(int[] words) {
        List<Instruction> out = new ArrayList<>();
        Match mixWord = Match.metadata(M_MIX, 32);
        for (int off : words) {
            out.add(CalculateField.of(CalcType.BITWISE_XOR, mixWord, Operand.field(Match.of(0, off * 8, 32))));
        }
        out.add(CalculateField.of(CalcType.BITWISE_XOR, VALUE, Operand.field(Match.metadata(M_MIX, 16))));
        return out;
    }

    private static FlowMod entry(int mmTable, int index, int priority, MatchX ethertype, MatchX length,
                                 List<Instruction> program, Xids xids) {
        return FlowMod.builder().xid(xids.next()).command(FlowModCommand.ADD).table(TableType.MM, mmTable).index(index)
                .priority(priority).match(ethertype, length).instructions(program).build();
    }
}
