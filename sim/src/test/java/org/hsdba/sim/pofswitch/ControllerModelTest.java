package org.hsdba.sim.pofswitch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.Estimator;
import org.hsdba.model.FieldSpec;
import org.hsdba.model.JoinTemplate;
import org.hsdba.model.LevelSpec;
import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.PortRef;
import org.hsdba.model.Rate;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.RunResult;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.record.RunSummary;
import org.hsdba.sim.run.RunSpec;
import org.hsdba.sim.run.Runner;
import org.hsdba.sim.traffic.ActiveInterval;
import org.hsdba.sim.traffic.ArrivalProcess;
import org.hsdba.sim.traffic.PacketSizes;
import org.hsdba.sim.traffic.TrafficSource;
import org.junit.Test;

/**
 * A node the switch does not hold joins through the modelled controller: its packets first go up
 * as PACKET_IN, its entry arrives the control latency later, then it gets its share; the switch's
 * state reads back as the algorithm says (R of a CBR flow, f = the fair share).
 */
public class ControllerModelTest {

    private static final FieldSpec DST = FieldSpec.of(240, 32);

    private static BandwidthTree tree() {
        JoinTemplate any = JoinTemplate.builder().weight(1.0).build();
        BandwidthTree.Builder b = BandwidthTree.builder(PortRef.of("pof:0000000000000001", 2)).capacity(Rate.ofMbps(100))
                .eta(1.0).levels(List.of(LevelSpec.of("host", DST, any)));
        for (int k = 1; k <= 2; k++) {
            b.addNode(NodeSpec.builder("h" + k).key(MatchKey.parse("10.0.0." + k, null, 32)).weight(1.0).build());
        }
        return b.build();
    }

    private static TrafficSource cbr(String id, String leaf, double from) {
        return new TrafficSource(id, leaf, 80e6, PacketSizes.fixed(1024), ArrivalProcess.cbr(),
                List.of(ActiveInterval.seconds(from, 2)));
    }

    @Test
    public void aDeclaredNodeJoinsAfterTheControlLatencyAndGetsItsShare() {
        RuntimeParameters rt = RuntimeParameters.DEFAULTS.withEstimator(Estimator.ewma(Duration.ofMillis(10)))
                .withIdleTimeout(Duration.ofMillis(100));
        RunSpec spec = RunSpec.builder("join").tree(TreeBinding.of(tree())).sources(List.of(cbr("a", "h1", 0),
                cbr("b", "h2", 0.5))).mode(Mode.IN_SWITCH).runtime(rt).durationSeconds(2).settleSeconds(0.3).seed(3)
                .build();
        SwitchProcessor[] sw = new SwitchProcessor[1];
        RunResult r = Runner.run(spec, PofSwitchFactory.withJoins(Set.of("h1"), 5_000_000), null, p -> {
            sw[0] = (SwitchProcessor) p;
            return (t, source, node, bytes, delivered) -> { };
        });
        ControllerModel c = sw[0].controller();
        assertEquals(1, c.joins().size());
        ControllerModel.Join j = c.joins().get(0);
        assertEquals("h2", j.nodeId());
        assertEquals(0.5, j.packetInNs() / 1e9, 0.001);
        assertEquals(5_000_000, j.installedNs() - j.packetInNs());
        assertTrue(sw[0].programmedSwitch().installedIds().contains("h2"));
        RunSummary s = RunSummary.of(r, spec.settleNs());
        int last = r.phases().size() - 1;
        assertEquals(50e6, s.stat(last, "h1").measuredBps(), 50e6 * 0.03);
        assertEquals(50e6, s.stat(last, "h2").measuredBps(), 50e6 * 0.03);
        // Read back from the switch: both unsatisfied, R about their 80 Mb/s, f the 50 Mb/s share.
        assertEquals("U", sw[0].state("h1"));
        assertEquals(80e6, sw[0].measuredBps("h2"), 80e6 * 0.05);
        assertEquals(50e6, sw[0].fairBps("h1"), 50e6 * 0.01);
    }

    @Test
    public void withoutAControllerTheUndeclaredNodeStaysOut() {
        ProgrammedSwitch p = ProgrammedSwitch.install(ProgrammedSwitch.restrict(tree(), Set.of("h1")),
                PofSwitchFactory.options(Mode.IN_SWITCH, RuntimeParameters.DEFAULTS), 1);
        assertEquals(Set.of("h1"), p.installedIds());
        assertFalse(Double.isNaN(p.fairBps("h1")));
        assertTrue("not active before its first packet", Double.isNaN(p.measuredBps("h1")));
        assertEquals(null, p.state("h2"));
    }
}
