package org.hsdba.sim.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.TrafficSource;

/** Splits a run into {@link Phase}s from the sources' active intervals. Pure. */
public final class Phases {

    private Phases() {
    }

    /**
     * The phases covering {@code [0, horizonNs)}: a new phase starts wherever a source starts or
     * stops and the set of active sources changes. The oracle (may be null) is evaluated once per
     * phase on the leaves' demands.
     */
    public static List<Phase> of(List<TrafficSource> sources, long horizonNs, Oracle oracle) {
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(0L);
        cuts.add(horizonNs);
        for (TrafficSource s : sources) {
            for (ActiveInterval i : s.intervals()) {
                if (i.startNs() < horizonNs) {
                    cuts.add(i.startNs());
                }
                if (i.endNs() < horizonNs) {
                    cuts.add(i.endNs());
                }
            }
        }
        List<Phase> phases = new ArrayList<>();
        Long previousCut = null;
        List<String> previousActive = null;
        long phaseStart = 0;
        for (long cut : cuts) {
            if (previousCut != null) {
                List<String> active = activeIn(sources, previousCut);
                if (previousActive != null && !active.equals(previousActive)) {
                    phases.add(phase(sources, phaseStart, previousCut, previousActive, oracle));
                    phaseStart = previousCut;
                }
                previousActive = active;
            }
            previousCut = cut;
        }
        if (previousActive != null) {
            phases.add(phase(sources, phaseStart, horizonNs, previousActive, oracle));
        }
        return Collections.unmodifiableList(phases);
    }

    private static List<String> activeIn(List<TrafficSource> sources, long tNs) {
        List<String> active = new ArrayList<>();
        for (TrafficSource s : sources) {
            if (s.activeAt(tNs)) {
                active.add(s.id());
            }
        }
        return active;
    }

    private static Phase phase(List<TrafficSource> sources, long start, long end, List<String> active,
                               Oracle oracle) {
        Map<String, Double> demands = new LinkedHashMap<>();
        for (TrafficSource s : sources) {
            if (active.contains(s.id())) {
                demands.merge(s.leafId(), s.meanRateBps(), Double::sum);
            }
        }
        Map<String, Double> allocation = oracle == null ? Map.of() : oracle.allocate(demands);
        return new Phase(start, end, active, demands, allocation);
    }
}
