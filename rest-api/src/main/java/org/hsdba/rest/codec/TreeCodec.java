package org.hsdba.rest.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.model.json.TreeDocument;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * A whole tree in the config format (docs/config-format.md) with its {@code version} always
 * present, so that what GET answers can be PUT back unchanged. Decoding gives the structurally
 * valid, not yet admitted tree (see {@link TreeDocument#readApi}).
 */
public final class TreeCodec extends JsonCodec<BandwidthTree> {

    @Override
    public ObjectNode encode(BandwidthTree tree, CodecContext context) {
        ObjectNode o = ConfigJson.treeToJson(tree);
        o.put("version", tree.operatorVersion());
        return o;
    }

    @Override
    public BandwidthTree decode(ObjectNode json, CodecContext context) {
        return TreeDocument.readApi(json, "", null).build();
    }
}
