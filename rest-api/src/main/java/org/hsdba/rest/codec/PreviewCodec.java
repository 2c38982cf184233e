package org.hsdba.rest.codec;

import java.util.List;
import java.util.function.Function;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.NodeAllocation;
import org.hsdba.api.PreviewResult;
import org.hsdba.model.Violation;
import org.hsdba.rest.error.Errors;
import org.onosproject.codec.CodecContext;

/**
 * A preview's answer: {@code {"admission": {"ok", "violations": [{node, field, rule, pointer,
 * message}]}, "allocation": {"rootBandwidthBps", "totalDemandBps", "totalAllocationBps", "nodes":
 * [{id, demandBps, effectiveDemandBps, allocationBps, effectiveLimitBps}]} | null}}.
 */
public final class PreviewCodec {

    private PreviewCodec() {
    }

    /** {@code pointerOf} places each violation in the request (null where it has no place). */
    public static ObjectNode encode(PreviewResult result, Function<Violation, String> pointerOf, CodecContext context) {
        ObjectNode o = context.mapper().createObjectNode();
        o.set("admission", admission(result.violations(), pointerOf, context));
        if (result.allocation().isPresent()) {
            o.set("allocation", allocation(result.allocation().get(), context));
        } else {
            o.putNull("allocation");
        }
        return o;
    }

    /** An admission verdict alone, for a proposed tree that is not even structurally valid. */
    public static ObjectNode refused(List<Violation> violations, Function<Violation, String> pointerOf,
                                     CodecContext context) {
        ObjectNode o = context.mapper().createObjectNode();
        o.set("admission", admission(violations, pointerOf, context));
        o.putNull("allocation");
        return o;
    }

    private static ObjectNode admission(List<Violation> violations, Function<Violation, String> pointerOf,
                                        CodecContext context) {
        ObjectNode a = context.mapper().createObjectNode();
        a.put("ok", violations.isEmpty());
        ArrayNode list = a.putArray("violations");
        violations.forEach(v -> list.add(Errors.detail(v, pointerOf.apply(v)).toJson()));
        return a;
    }

    private static ObjectNode allocation(Allocation allocation, CodecContext context) {
        ObjectNode o = context.mapper().createObjectNode();
        JsonOut.bps(o, "rootBandwidthBps", allocation.rootBandwidth());
        JsonOut.bps(o, "totalDemandBps", allocation.totalDemand());
        JsonOut.bps(o, "totalAllocationBps", allocation.totalAllocation());
        ArrayNode nodes = o.putArray("nodes");
        for (NodeAllocation n : allocation.nodes()) {
            ObjectNode no = nodes.addObject();
            no.put("id", n.id());
            JsonOut.bps(no, "demandBps", n.demand());
            JsonOut.bps(no, "effectiveDemandBps", n.effectiveDemand());
            JsonOut.bps(no, "allocationBps", n.allocation());
            JsonOut.bps(no, "effectiveLimitBps", n.effectiveLimit());
        }
        return o;
    }
}
