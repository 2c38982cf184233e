package org.hsdba.compiler.assisted;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.SwitchCapabilities;
import org.junit.Test;

/**
 * The loop's control law on the step function: how a leaf's drop probability follows its passed
 * rate when the sender is silenced by the drops (a TCP sender in timeout) and when it does not
 * react (CBR). Tree of {@link AssistedCompilerTest#tree()}: C 300 Mb/s, A:B = 1:2, A1:A2 = 1:1.
 */
public class ControllerAssistedLoopTest {

    private static final long SECOND = 1_000_000_000L;

    private final AssistedProgram program = AssistedCompiler.compile(AssistedCompilerTest.tree(),
            SwitchCapabilities.reference().withoutHx(), CompilerOptions.DEFAULTS);
    private final ControllerAssistedLoop loop = new ControllerAssistedLoop(program);
    private final Map<Long, Long> bytes = new HashMap<>();
    private final Map<Long, Long> packets = new HashMap<>();

    /** Counts one more second of offered Mb/s per leaf (1000-byte frames) with these drop fractions. */
    private CounterReadings second(long t, double a1Mbps, double a1Dropped, double a2Mbps, double b1Mbps) {
        add("A1", a1Mbps, a1Dropped);
        add("A2", a2Mbps, 0);
        add("B1", b1Mbps, 0);
        add("A", a1Mbps + a2Mbps, -1);
        add("B", b1Mbps, -1);
        return CounterReadings.of(t * SECOND, bytes, packets);
    }

    private void add(String id, double mbps, double droppedFraction) {
        long b = Math.round(mbps * 1e6 / 8);
        long k = b / 1000;
        bytes.merge(program.counterId(id), b, Long::sum);
        packets.merge(program.counterId(id), k, Long::sum);
        if (droppedFraction >= 0) {
            packets.merge(program.dropCounterId(id), Math.round(k * droppedFraction), Long::sum);
        }
    }

    private LoopState start() {
        for (String id : program.nodeIds()) {
            bytes.put(program.counterId(id), 0L);
            packets.put(program.counterId(id), 0L);
            if (!program.looksUp(id)) {
                packets.put(program.dropCounterId(id), 0L);
            }
        }
        return loop.step(loop.initial(1), CounterReadings.of(0, bytes, packets)).state();
    }

    @Test
    public void aSilencedSenderLowersItsProbabilityByItsErrorOverItsDemandNotOverWhatItStillSends() {
        LoopState s = start();
        // Every leaf bursts at 250 Mb/s: A = 100, B = 200, A1 = A2 = 50; A1 passed 250 against 50:
        // (250 - 50) / 250 = 0.8, bounded to 0.5.
        s = loop.step(s, second(1, 250, 0, 250, 250)).state();
        NodeLoop a1 = s.nodes().get("A1");
        assertEquals(50e6, a1.allocatedBps(), 1);
        assertEquals(ControllerAssistedLoop.MAX_STEP, a1.dropProbability(), 1e-9);
        // The drops silence A1 (a TCP timeout): 2 Mb/s offered, half dropped, passed 1 against 50.
        s = loop.step(s, second(2, 2, 0.5, 250, 250)).state();
        a1 = s.nodes().get("A1");
        assertEquals("demand: the window's highest offered rate", 250e6, a1.demandBps(), 1);
        assertEquals(50e6, a1.allocatedBps(), 1);
        // The secant: passed fell by 249 as p rose by 0.5, S = 498 (above the demand, below 4 x 250):
        // p = 0.5 - 49 / 498. Over the 2 Mb/s it still sent (the old scale, the secant then capped at
        // 4 x 2) the step would be -6.1, bounded to -0.5: p = 0, and the next burst at line rate.
        assertEquals(0.5 - 49.0 / 498, a1.dropProbability(), 1e-3);
    }

    @Test
    public void aSenderThatDoesNotReactLandsInOnePoll() {
        LoopState s = start();
        s = loop.step(s, second(1, 90, 0, 90, 150)).state();
        // A = 150, A1 = A2 = 75: p = (90 - 75) / 90
        double p = s.nodes().get("A1").dropProbability();
        assertEquals(15.0 / 90, p, 1e-9);
        // Same offered rate, that fraction dropped: passed = 75, p stays.
        s = loop.step(s, second(2, 90, p, 90, 150)).state();
        assertEquals(p, s.nodes().get("A1").dropProbability(), 2e-3);
    }

    @Test
    public void controlScalesByTheDemandAndCapsTheSlopeRelativeToIt() {
        // silenced: offered 2, passed 1.5, target 10, demand 100: -8.5 / 100
        assertEquals(0.3 - 8.5 / 100, ControllerAssistedLoop.control(0.3, 2, 1.5, 10, Double.NaN, 100), 1e-12);
        // the same without the demand (as before): the whole step bound
        assertEquals(0, ControllerAssistedLoop.control(0.3, 2, 1.5, 10, Double.NaN, 0), 1e-12);
        // a measured slope above 4 x demand is capped there
        assertEquals(0.3 + 40.0 / 400, ControllerAssistedLoop.control(0.3, 100, 90, 50, 1e6, 100), 1e-12);
        // a slope below the demand is not used (the demand is the least S)
        assertEquals(0.3 + 40.0 / 100, ControllerAssistedLoop.control(0.3, 50, 90, 50, 60, 100), 1e-12);
        assertTrue(ControllerAssistedLoop.control(0.3, 0, 0, 10, Double.NaN, 100) == 0.3);
    }
}
