package org.hsdba.impl.program;

import java.util.Optional;

import org.hsdba.admission.EditChain;
import org.hsdba.model.BandwidthTree;

/**
 * How each port's tree got to its current version, as far as this instance saw it: lets a
 * {@link DeviceProgram#update} cost what the edits touched rather than the size of the trees.
 */
public interface EditHistory {

    /** Nothing known: every update compares whole trees. */
    EditHistory NONE = (from, to) -> Optional.empty();

    /**
     * The admitted edits that made {@code to} from {@code from} (two versions of one port's
     * tree), if every one of them is known; the chain's last tree has {@code to}'s version.
     */
    Optional<EditChain> between(BandwidthTree from, BandwidthTree to);
}
