package org.hsdba.pofswitch.tables;

import java.util.List;
import java.util.Objects;
import org.hsdba.pof.match.Match;
import org.hsdba.pof.message.CString;

/** A flow table as TABLE_MOD ADD created it: type, ids, size, key length and the key's fields. */
public final class TableSpec {
    private final int type;
    private final int localId;
    private final int globalId;
    private final long size;
    private final int keyLengthBits;
    private final List<Match> matches;
    private final CString name;

    public TableSpec(int type, int localId, int globalId, long size, int keyLengthBits, List<Match> matches,
            CString name) {
        this.type = type;
        this.localId = localId;
        this.globalId = globalId;
        this.size = size;
        this.keyLengthBits = keyLengthBits;
        this.matches = List.copyOf(matches);
        this.name = Objects.requireNonNull(name, "name");
    }

    /** Table type: 0 MM, 1 LPM, 2 EM, 3 DT. */
    public int type() {
        return type;
    }

    /** The per-type table id. */
    public int localId() {
        return localId;
    }

    /** Σ tbl_num of lower types + localId. */
    public int globalId() {
        return globalId;
    }

    public long size() {
        return size;
    }

    public int keyLengthBits() {
        return keyLengthBits;
    }

    /** The fields the lookup key is assembled from (packet, or metadata for field id 0xFFFF). */
    public List<Match> matches() {
        return matches;
    }

    public CString name() {
        return name;
    }
}
