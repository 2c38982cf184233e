package org.hsdba.rest.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.store.ParametersJson;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * Run-time parameters over REST: the JSON of {@link ParametersJson}, which the stores keep too.
 * Decoding merges onto the defaults; {@code PUT /parameters} merges onto the current parameters
 * with {@link ParametersJson#read}.
 */
public final class ParametersCodec extends JsonCodec<HsdbaParameters> {

    @Override
    public ObjectNode encode(HsdbaParameters p, CodecContext context) {
        return ParametersJson.toJson(p);
    }

    @Override
    public HsdbaParameters decode(ObjectNode json, CodecContext context) {
        return ParametersJson.read(json, HsdbaParameters.DEFAULTS);
    }
}
