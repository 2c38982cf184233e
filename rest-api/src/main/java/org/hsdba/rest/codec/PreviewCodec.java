package org.hsdba.rest.codec;

import java.util.List;
import java.util.function.Function;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.NodeAllocation;
import org.hsdba.api.NodeChange;
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
        ArrayNode changes = o.putArray("changes");
        for (NodeChange c : result.changes()) {
            ObjectNode co = changes.addObject();
            co.put("id", c.id());
            pair(co, "guaranteedBps", c.guaranteedBefore(), c.guaranteedAfter());
            pair(co, "targetBps", c.targetBefore(), c.targetAfter());
            pair(co, "effectiveLimitBps", c.limitBefore(), c.limitAfter());
        }
        return o;
    }

    /** {@code {"before", "after"}}: null where the node is absent on that side or the limit is unlimited. */
    private static void pair(ObjectNode o, String name, double before, double after) {
        ObjectNode p = o.putObject(name);
        JsonOut.bps(p, "before", Double.isNaN(before) ? Double.POSITIVE_INFINITY : before);
        JsonOut.bps(p, "after", Double.isNaN(after) ? Double.POSITIVE_INFINITY : after);
    }

    /** An admission verdict alone, for a proposed tree that is not even structurally valid. */
    public static ObjectNode refused(List<Violation> violations, Function<Violation, String> pointerOf,
                                     CodecContext context) {
        ObjectNode o = context.mapper().createObjectNode();
        o.set("admission", admission(violations, pointerOf, context));
        o.putNull("allocation");
        o.putArray("changes");
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
