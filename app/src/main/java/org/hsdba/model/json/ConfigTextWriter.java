package org.hsdba.model.json;

import java.util.IdentityHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.NodeSpec;

/**
 * Writes configuration after configuration, as a store persisting every change does: the same
 * text as {@link ConfigJson#write}, but the text of each tree node is kept from the previous
 * write for the node objects still in the configuration. Trees are immutable and an edit makes a
 * new tree that shares the unchanged node objects, so a write after an edit of one node renders
 * that node only; encoding the 1,020 nodes of a 78 kB file again per write was the largest part
 * of the file store's persist. Kept: the nodes of the last write only.
 */
public final class ConfigTextWriter {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** A node's text: its one line, and (rarely) its multi-line form where that line does not fit. */
    private static final class NodeText implements JsonWriter.Rendered {
        private final NodeSpec node;
        private final String line;

        NodeText(NodeSpec node) {
            this.node = node;
            this.line = JsonWriter.oneLine(ConfigWriter.node(node));
        }

        @Override
        public String inline() {
            return line;
        }

        @Override
        public String at(int indent) {
            return line.length() <= JsonWriter.WIDTH - indent ? line
                    : JsonWriter.fragment(ConfigWriter.node(node), indent);
        }
    }

    /** By node object (identity: the same object is the same text, and hashing is free). */
    private Map<NodeSpec, NodeText> last = new IdentityHashMap<>();
    /** Nodes whose text the last write made (not kept from the write before); for tests. */
    private int renderedLastWrite;
    /** The last text's length: the next one's is about the same (the 78 kB buffer grew by doubling before). */
    private int lastLength = 64;

    /** The canonical text of {@code config}, equal to {@link ConfigJson#write}'s. */
    public synchronized String write(HsdbaConfig config) {
        Map<NodeSpec, NodeText> now = new IdentityHashMap<>(Math.max(16, last.size()));
        int[] rendered = {0};
        String text = JsonWriter.write(ConfigWriter.config(config, n -> F.pojoNode(now.computeIfAbsent(n, k -> {
            NodeText kept = last.get(k);
            if (kept != null) {
                return kept;
            }
            rendered[0]++;
            return new NodeText(k);
        }))), lastLength + lastLength / 8 + 64);
        lastLength = text.length();
        last = now;
        renderedLastWrite = rendered[0];
        return text;
    }

    synchronized int renderedLastWrite() {
        return renderedLastWrite;
    }
}
