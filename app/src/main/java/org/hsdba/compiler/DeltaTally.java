package org.hsdba.compiler;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.hsdba.pof.message.PofMessage;

/**
 * What one diff of a whole switch has emitted and touched so far: the messages in sending order,
 * the node entries added, modified and deleted, and the trees (by port) added, removed and
 * reinstalled. Both multi-tree compilers fill one while they diff and hand it to their
 * {@link MultiTreeDelta}, which copies it. Mutable: one diff's own, never shared.
 */
public final class DeltaTally {

    private final List<PofMessage> messages = new ArrayList<>();
    private final Set<Long> addedPorts = new HashSet<>();
    private final Set<Long> removedPorts = new HashSet<>();
    private final Set<Long> reinstalledPorts = new HashSet<>();
    private int added;
    private int modified;
    private int deleted;

    public void send(PofMessage message) {
        messages.add(message);
    }

    public void sendAll(List<? extends PofMessage> more) {
        messages.addAll(more);
    }

    /** Counts node entries: {@code added}, {@code modified} and {@code deleted} more. */
    public void count(int added, int modified, int deleted) {
        this.added += added;
        this.modified += modified;
        this.deleted += deleted;
    }

    public void treeAdded(long port) {
        addedPorts.add(port);
    }

    public void treeRemoved(long port) {
        removedPorts.add(port);
    }

    public void treeReinstalled(long port) {
        reinstalledPorts.add(port);
    }

    List<PofMessage> messages() {
        return messages;
    }

    int added() {
        return added;
    }

    int modified() {
        return modified;
    }

    int deleted() {
        return deleted;
    }

    Set<Long> addedPorts() {
        return addedPorts;
    }

    Set<Long> removedPorts() {
        return removedPorts;
    }

    Set<Long> reinstalledPorts() {
        return reinstalledPorts;
    }
}
