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
 * instructions in a "hash" MM table that every packet passes first (global table 0): the
 * alternating sum f0 - f1 + f2 (modulo 2^16) of 16-bit frame fields that vary per packet (IPv4
 * identification, TCP sequence and acknowledgement numbers, UDP checksums, ...), then multiplied by
 * {@value #MULTIPLIER} = (1 + 2^5)(1 + 2^10)
 * modulo 2^16 (two CALCULATE_FIELD ADDs whose source is the value itself read 5 and 10 bits
 * further on, where metadata is zero): a field that counts up by any step then lands spread over
 * the whole range, like a Weyl sequence, instead of sweeping it in order (which dropped in runs).
 * A node's entry adds its salt and drops when the top {@value #BITS} bits are below its threshold.
 * The signs alternate because a UDP checksum and the payload word it covers move against each other
 * (the checksum falls by one as a payload counter rises by one): their sum or XOR, as the fields were
 * combined until 2026-11-27, stays at a few values and a flow passed all or nothing for long runs;
 * their difference counts by two.
 *
 * <p>The stock switch drops a packet (and sends an ERROR) when an instruction reads beyond its
 * end, so the table is keyed by {ethertype, packet length} and reads only fields that the frame
 * holds: frames shorter than 42 bytes get value 0, frames of 42..63 bytes fields below byte 42,
 * IPv6 frames of 64 bytes or more the TCP/UDP/ICMPv6 fields after the 40-byte header, other frames
 * of 64 bytes or more the IPv4 fields. {@link #value} is the same computation in Java (tests,
 * simulator). Pure.
 */
public final class DropHash {

    /** Bits of the value compared with a threshold: thresholds are 0 .. 2^BITS. */
    public static final int BITS = 15;
    /** Metadata bits of the 16-bit value (beyond the tag, threshold, join and salt fields; the 16 bits after it stay 0). */
    public static final int M_VALUE = 144;
    /** The 16-bit value. */
    public static final Match VALUE = Match.metadata(M_VALUE, 16);
    /** What the entries compare: the top {@link #BITS} bits of the value. */
    public static final Match DECISION = Match.metadata(M_VALUE, BITS);
    /** The odd multiplier that spreads counting fields. */
    public static final int MULTIPLIER = (1 + (1 << 5)) * (1 + (1 << 10)) & 0xFFFF;

    private static final Match LENGTH = Match.metadata(0, 16);
    private static final Match ETHERTYPE = Match.of(0, 96, 16);
    private static final int IPV6 = 0x86DD;
    /** Frames shorter than this are not mixed at all (no field of them is read). */
    static final int MIN_MIXED = 42;
    /** Frames shorter than this are short: only fields below byte {@link #MIN_MIXED} are read. */
    static final int LONG = 64;

    /** Byte offsets of the 16-bit fields combined for short frames (42..63 bytes): IPv4 identification, TCP seq / UDP checksum. */
    static final int[] SHORT_FIELDS = {18, 40};
    /** ... for IPv6 frames of 64 bytes or more: TCP seq low / UDP checksum / ICMPv6 sequence, TCP ack low / UDP payload. */
    static final int[] IPV6_FIELDS = {60, 64};
    /**
     * ... for any other frame of 64 bytes or more (IPv4 without options: identification, TCP seq
     * low or UDP checksum, TCP ack low or UDP payload bytes 2..3).
     */
    static final int[] OTHER_FIELDS = {18, 40, 44};
    private static final int[] SHIFTS = {5, 10};

    private DropHash() {
    }

    /** The 16-bit value the switch computes for {@code frame} (before any salt). */
    public static int value(byte[] frame) {
        int n = frame.length;
        int[] fields;
        if (n < MIN_MIXED) {
            return 0;
        } else if (n < LONG) {
            fields = SHORT_FIELDS;
        } else if (((frame[12] & 0xFF) << 8 | (frame[13] & 0xFF)) == IPV6) {
            fields = IPV6_FIELDS;
        } else {
            fields = OTHER_FIELDS;
        }
        int v = 0;
        for (int i = 0; i < fields.length; i++) {
            int f = (frame[fields[i]] & 0xFF) << 8 | (frame[fields[i] + 1] & 0xFF);
            v = (i % 2 == 0 ? v + f : v - f) & 0xFFFF;
        }
        for (int shift : SHIFTS) {
            v = (v + (v << shift)) & 0xFFFF;
        }
        return v;
    }

    /** The compared value of {@code frame} under {@code salt}: the packet is dropped iff it is below the threshold. */
    public static int decision(byte[] frame, int salt) {
        return ((value(frame) + salt) & 0xFFFF) >>> (16 - BITS);
    }

    /** The table and its three entries, every one ending with GOTO_TABLE({@code nextGlobalTable}). */
    static List<PofMessage> install(int mmTable, int nextGlobalTable, Xids xids) {
        List<PofMessage> out = new ArrayList<>();
        out.add(TableMod.builder().xid(xids.next()).command(TableModCommand.ADD).table(TableType.MM, mmTable).size(4)
                .name("hsdba/drop-hash").match(ETHERTYPE, LENGTH).build());
        // Short frames: len & 0xFFC0 == 0 (below 64 bytes), any ethertype; below 42 bytes nothing is read.
        List<Instruction> shortFrames = new ArrayList<>();
        shortFrames.add(ConditionalJump.of(LENGTH, Operand.immediate(MIN_MIXED), Jump.forward(SHORT_FIELDS.length + SHIFTS.length + 1),
                Jump.forward(1), Jump.forward(1)));
        shortFrames.addAll(mix(SHORT_FIELDS));
        shortFrames.add(GotoTable.of(nextGlobalTable, 0));
        out.add(entry(mmTable, 0, 3, MatchX.masked(ETHERTYPE, 0, 0), MatchX.masked(LENGTH, 0, 0xFFC0), shortFrames,
                xids));
        List<Instruction> v6 = new ArrayList<>(mix(IPV6_FIELDS));
        v6.add(GotoTable.of(nextGlobalTable, 0));
        out.add(entry(mmTable, 1, 2, MatchX.exact(ETHERTYPE, IPV6), MatchX.masked(LENGTH, 0, 0), v6, xids));
        List<Instruction> other = new ArrayList<>(mix(OTHER_FIELDS));
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

    /** {@code value += salt}: the first instruction of an entry that decides by the value (a rotation keeps the spread). */
    static Instruction salt(int salt) {
        return CalculateField.of(CalcType.ADD, VALUE, Operand.immediate(salt & 0xFFFF));
    }

    /** {@code value += metadata field} (the catch-all takes its parent's salt from metadata). */
    static Instruction salt(Match field) {
        return CalculateField.of(CalcType.ADD, VALUE, Operand.field(field));
    }

    private static List<Instruction> mix(int[] fields) {
        List<Instruction> out = new ArrayList<>();
        for (int i = 0; i < fields.length; i++) {
            out.add(CalculateField.of(i % 2 == 0 ? CalcType.ADD : CalcType.SUBTRACT, VALUE,
                    Operand.field(Match.of(0, fields[i] * 8, 16))));
        }
        for (int shift : SHIFTS) {
            // value += value << shift: the source is the value read 'shift' bits later, where metadata is 0.
            out.add(CalculateField.of(CalcType.ADD, VALUE, Operand.field(Match.metadata(M_VALUE + shift, 16))));
        }
        return out;
    }

    private static FlowMod entry(int mmTable, int index, int priority, MatchX ethertype, MatchX length,
                                 List<Instruction> program, Xids xids) {
        return FlowMod.builder().xid(xids.next()).command(FlowModCommand.ADD).table(TableType.MM, mmTable).index(index)
                .priority(priority).match(ethertype, length).instructions(program).build();
    }
}
