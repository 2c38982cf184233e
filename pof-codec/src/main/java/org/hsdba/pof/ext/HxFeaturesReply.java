package org.hsdba.pof.ext;

import java.nio.ByteBuffer;
import org.hsdba.pof.FieldChecks;

/** HX_FEATURES_REPLY (type 193, body 48, section 2): the extended switch's version and limits. */
public final class HxFeaturesReply extends HxMessage {
    public static final int BODY_LENGTH = 48;

    private final int extVersion;
    private final int stateWords;
    private final int maxBlocks;
    private final int maxBlockInstructions;
    private final int maxParamBytes;
    private final long registerWords;
    private final long maxPendingJoins;
    private final long instructionBudget;
    private final long rngSeed;
    private final long timeNs;

    public HxFeaturesReply(long xid, int extVersion, int stateWords, int maxBlocks, int maxBlockInstructions,
            int maxParamBytes, long registerWords, long maxPendingJoins, long instructionBudget, long rngSeed,
            long timeNs) {
        super(xid);
        this.extVersion = FieldChecks.u16(extVersion, "ext_version");
        this.stateWords = FieldChecks.u16(stateWords, "state_words");
        this.maxBlocks = FieldChecks.u16(maxBlocks, "max_blocks");
        this.maxBlockInstructions = FieldChecks.u16(maxBlockInstructions, "max_block_instructions");
        this.maxParamBytes = FieldChecks.u16(maxParamBytes, "max_param_bytes");
        this.registerWords = FieldChecks.u32(registerWords, "register_words");
        this.maxPendingJoins = FieldChecks.u32(maxPendingJoins, "max_pending_joins");
        this.instructionBudget = FieldChecks.u32(instructionBudget, "instruction_budget");
        this.rngSeed = rngSeed;
        this.timeNs = timeNs;
    }

    @Override
    public int type() {
        return HxTypes.FEATURES_REPLY;
    }

    @Override
    public int bodyLength() {
        return BODY_LENGTH;
    }

    public int extVersion() {
        return extVersion;
    }

    public int stateWords() {
        return stateWords;
    }

    public int maxBlocks() {
        return maxBlocks;
    }

    public int maxBlockInstructions() {
        return maxBlockInstructions;
    }

    public int maxParamBytes() {
        return maxParamBytes;
    }

    public long registerWords() {
        return registerWords;
    }

    public long maxPendingJoins() {
        return maxPendingJoins;
    }

    public long instructionBudget() {
        return instructionBudget;
    }

    public long rngSeed() {
        return rngSeed;
    }

    public long timeNs() {
        return timeNs;
    }

    @Override
    void encodeBody(ByteBuffer out) {
        out.putInt((int) HxTypes.FEATURES_MAGIC).putShort((short) extVersion).putShort((short) stateWords)
                .putShort((short) maxBlocks).putShort((short) maxBlockInstructions).putShort((short) maxParamBytes)
                .putShort((short) 0).putInt((int) registerWords).putInt((int) maxPendingJoins)
                .putInt((int) instructionBudget).putInt(0).putLong(rngSeed).putLong(timeNs);
    }

    static HxFeaturesReply decode(long xid, ByteBuffer in) throws HxDecodeException {
        long magic = in.getInt() & 0xFFFFFFFFL;
        if (magic != HxTypes.FEATURES_MAGIC) {
            throw new HxDecodeException(HxErrorCode.BAD_LEN, String.format(
                    "HX_FEATURES_REPLY magic 0x%08x at body offset 0 is not 0x%08x (\"HSDB\")", magic,
                    HxTypes.FEATURES_MAGIC));
        }
        int version = in.getShort() & 0xFFFF;
        int stateWords = in.getShort() & 0xFFFF;
        int maxBlocks = in.getShort() & 0xFFFF;
        int maxIns = in.getShort() & 0xFFFF;
        int maxParam = in.getShort() & 0xFFFF;
        in.getShort();
        long regs = in.getInt() & 0xFFFFFFFFL;
        long joins = in.getInt() & 0xFFFFFFFFL;
        long budget = in.getInt() & 0xFFFFFFFFL;
        in.getInt();
        long seed = in.getLong();
        long time = in.getLong();
        return new HxFeaturesReply(xid, version, stateWords, maxBlocks, maxIns, maxParam, regs, joins, budget, seed,
                time);
    }

    @Override
    protected Object[] components() {
        return new Object[] {extVersion, stateWords, maxBlocks, maxBlockInstructions, maxParamBytes, registerWords,
            maxPendingJoins, instructionBudget, rngSeed, timeNs};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"extVersion", "stateWords", "maxBlocks", "maxBlockInstructions", "maxParamBytes",
            "registerWords", "maxPendingJoins", "instructionBudget", "rngSeed", "timeNs"};
    }
}
