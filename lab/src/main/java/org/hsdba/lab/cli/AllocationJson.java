package org.hsdba.lab.cli;

import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.hsdba.admission.ResolvedTree;
import org.hsdba.alloc.Allocation;
import org.hsdba.alloc.Allocator;
import org.hsdba.model.BandwidthTree;
import org.hsdba.scenario.Phase;
import org.hsdba.scenario.Scenario;

/**
 * {@code hsdba allocate --json}: the exact allocation at each time as one JSON document
 * ({@code hsdba-allocation/1}), every rate in bits/s as a double at full precision, an unlimited
 * peak as null, so scripts need not parse the table's rounded units.
 */
final class AllocationJson {

    static final String FORMAT = "hsdba-allocation/1";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private AllocationJson() {
    }

    static String write(String file, Scenario scenario, List<ResolvedTree> trees, List<Double> times) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("scenario", file);
        scenario.description().ifPresent(d -> root.put("description", d));
        ArrayNode ports = root.putArray("trees");
        for (ResolvedTree r : trees) {
            BandwidthTree t = r.tree();
            ObjectNode p = ports.addObject();
            p.put("port", t.port().toString());
            p.put("capacity_bps", t.capacity().bps());
            p.put("eta", t.eta());
            p.put("allocatable_bps", t.rootBandwidth());
            p.put("mode", t.mode().jsonName());
        }
        ArrayNode at = root.putArray("times");
        for (double time : times) {
            ObjectNode o = at.addObject();
            o.put("t_s", time);
            Phase phase = scenario.phases().stream().filter(ph -> time >= ph.start() && time < ph.end()).findFirst()
                    .orElse(null);
            if (phase == null) {
                o.putNull("phase");
            } else {
                o.putArray("phase").add(phase.start()).add(phase.end());
            }
            ArrayNode active = o.putArray("active_sources");
            scenario.activeSourcesAt(time).forEach(active::add);
            ArrayNode perTree = o.putArray("trees");
            for (ResolvedTree r : trees) {
                perTree.add(tree(r, Allocator.allocate(r, scenario.demandAt(r.tree().port(), time))));
            }
        }
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("allocation JSON: " + e.getMessage(), e);
        }
    }

    private static ObjectNode tree(ResolvedTree r, Allocation a) {
        BandwidthTree t = r.tree();
        ObjectNode o = MAPPER.createObjectNode();
        o.put("port", t.port().toString());
        o.put("offered_bps", a.totalDemand());
        double effective = 0;
        for (int k = 0; k < t.childCount(-1); k++) {
            effective += a.effectiveDemand(t.child(-1, k));
        }
        o.put("effective_demand_bps", effective);
        o.put("allocation_bps", a.totalAllocation());
        ArrayNode nodes = o.putArray("nodes");
        for (int i = 0; i < t.size(); i++) {
            if (t.node(i).isTemplate()) {
                continue;
            }
            ObjectNode n = nodes.addObject();
            n.put("id", t.node(i).id());
            int parent = t.parentIndex(i);
            if (parent < 0) {
                n.putNull("parent");
            } else {
                n.put("parent", t.node(parent).id());
            }
            n.put("level", t.level(i).name());
            n.put("leaf", r.isLeaf(i));
            n.put("weight", r.weight(i));
            n.put("guarantee_bps", r.guarantee(i));
            if (Double.isInfinite(r.peak(i))) {
                n.putNull("peak_bps");
            } else {
                n.put("peak_bps", r.peak(i));
            }
            n.put("offered_bps", a.demand(i));
            n.put("effective_demand_bps", a.effectiveDemand(i));
            n.put("allocation_bps", a.allocation(i));
        }
        return o;
    }
}
