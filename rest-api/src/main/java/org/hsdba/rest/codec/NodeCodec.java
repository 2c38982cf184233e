package org.hsdba.rest.codec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.NodeSpec;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * The node resource: identity and place in the tree, key, the EFFECTIVE guaranteed rate and
 * weight (derived by admission when not configured; {@code guaranteedConfigured} /
 * {@code weightConfigured} say which were given), peak, flags, children ids, and the tree version.
 */
public final class NodeCodec extends JsonCodec<TreeNode> {

    @Override
    public ObjectNode encode(TreeNode tn, CodecContext context) {
        BandwidthTree tree = tn.tree();
        ResolvedTree resolved = tn.resolved();
        int i = tn.index();
        NodeSpec n = tree.node(i);
        ObjectNode o = context.mapper().createObjectNode();
        o.put("id", n.id());
        if (n.parentId() == null) {
            o.putNull("parent");
        } else {
            o.put("parent", n.parentId());
        }
        o.put("level", tree.level(i).name());
        o.put("depth", tree.depth(i));
        o.put("path", tree.path(i));
        if (n.key() == null) {
            o.putNull("key");
        } else {
            ObjectNode key = o.putObject("key");
            key.put("value", n.key().valueText());
            if (n.key().maskText() == null) {
                key.putNull("mask");
            } else {
                key.put("mask", n.key().maskText());
            }
        }
        JsonOut.rate(o, "guaranteed", resolved.guarantee(i));
        o.put("guaranteedConfigured", n.guaranteed().isPresent());
        JsonOut.number(o, "weight", resolved.weight(i));
        o.put("weightConfigured", n.weight().isPresent());
        JsonOut.rate(o, "peak", n.peak());
        o.put("template", n.isTemplate());
        o.put("pinned", n.isPinned());
        o.put("joined", n.isJoined());
        o.put("leaf", tree.isLeaf(i));
        ArrayNode children = o.putArray("children");
        for (int k = 0; k < tree.childCount(i); k++) {
            children.add(tree.node(tree.child(i, k)).id());
        }
        o.put("version", tree.operatorVersion());
        return o;
    }
}
