package org.hsdba.pof.action;

import java.util.Objects;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.match.Match;

/** SET_FIELD_FROM_METADATA: copy metadata bits from {@code metadataOffsetBits} into a packet field. */
public final class SetFieldFromMetadataAction extends Action {
    private final Match field;
    private final int metadataOffsetBits;

    public SetFieldFromMetadataAction(int len, Match field, int metadataOffsetBits) {
        super(len);
        this.field = Objects.requireNonNull(field, "field");
        this.metadataOffsetBits = FieldChecks.u16(metadataOffsetBits, "metadata_offset");
    }

    public static SetFieldFromMetadataAction of(Match field, int metadataOffsetBits) {
        return new SetFieldFromMetadataAction(DEFAULT_LEN, field, metadataOffsetBits);
    }

    @Override
    public int type() {
        return ActionType.SET_FIELD_FROM_METADATA;
    }

    public Match field() {
        return field;
    }

    public int metadataOffsetBits() {
        return metadataOffsetBits;
    }

    @Override
    protected Object[] components() {
        return new Object[] {field, metadataOffsetBits};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"field", "metadataOffsetBits"};
    }
}
