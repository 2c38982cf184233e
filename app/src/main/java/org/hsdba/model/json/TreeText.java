package org.hsdba.model.json;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;

/**
 * Writes trees as the text of {@link ConfigJson#treeToJson}, keeping each node's text from the
 * tree written before: an edited tree shares its untouched {@link NodeSpec}s with the one before
 * (they are immutable), so a join re-encodes one node, not the whole tree. For a store that
 * writes a tree at every change. Remembers the last tree's nodes per port; not thread-safe.
 */
public final class TreeText {

    private final Map<PortRef, Map<NodeSpec, String>> lastByPort = new HashMap<>();
    /** A node's text: that of {@link ConfigJson#nodeToJson}. */
    private final Function<NodeSpec, String> nodeText;

    /** Nodes encoded through their Jackson object ({@link ConfigJson#nodeToJson}). */
    public TreeText() {
        this(n -> ConfigWriter.node(n).toString());
    }

    /**
     * Nodes encoded by {@code nodeText}, which must give the text {@link ConfigJson#nodeToJson}
     * gives, character for character (a caller with a writer of its own that skips the object).
     */
    public TreeText(Function<NodeSpec, String> nodeText) {
        this.nodeText = Objects.requireNonNull(nodeText, "nodeText");
    }

    /** The tree's canonical JSON text. */
    public String write(BandwidthTree tree) {
        Map<NodeSpec, String> before = lastByPort.getOrDefault(tree.port(), Map.of());
        Map<NodeSpec, String> now = new IdentityHashMap<>(tree.size() * 2);
        String head = ConfigWriter.treeHead(tree).toString();
        StringBuilder out = new StringBuilder(head.length() + 96 * tree.size());
        // the head object without its closing brace, then "nodes" as its last member
        out.append(head, 0, head.length() - 1).append(head.length() > 2 ? "," : "").append("\"nodes\":[");
        for (int i = 0; i < tree.size(); i++) {
            NodeSpec n = tree.node(i);
            String text = before.get(n);
            if (text == null) {
                text = nodeText.apply(n);
            }
            now.put(n, text);
            out.append(i == 0 ? "" : ",").append(text);
        }
        lastByPort.put(tree.port(), now);
        return out.append("]}").toString();
    }

    /** Forgets a port's nodes (its tree was removed). */
    public void forget(PortRef port) {
        lastByPort.remove(port);
    }
}
