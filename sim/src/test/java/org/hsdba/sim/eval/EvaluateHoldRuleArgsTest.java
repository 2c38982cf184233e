package org.hsdba.sim.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;

import org.hsdba.sim.pofswitch.PofSwitchFactory;
import org.junit.Test;

/** The kernel-only hold rules of {@code evaluate} (docs/hsdba-compiler.md section 5 item 11, "rules tried"). */
public class EvaluateHoldRuleArgsTest {

    /** The hold is on by default (2 s); a rule with the hold turned off has nothing to apply to. */
    @Test
    public void aHoldRuleWithoutAHoldIsRefused() {
        for (String rule : new String[] {"--hold-claim", "--hold-stratified"}) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int rc = EvaluateMain.run(new String[] {rule, "--responsive-hold", "0", "--only", "tcp-like"},
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(rule, 2, rc);
            assertTrue(err.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8).contains("need a responsive hold: not --responsive-hold 0"));
        }
    }

    /** The compiled program's runs move to the kernel, but for joins runs (the controller model is the switch's). */
    @Test
    public void aSwitchRunMovesToTheKernelButAJoinsRunStays() {
        assertTrue(new PofSwitchFactory().asKernel().isPresent());
        assertFalse(new PofSwitchFactory().asKernel().get().isVariant());
        assertTrue(new PofSwitchFactory().withAlgorithm("v", o -> o).asKernel().get().isVariant());
        assertFalse(PofSwitchFactory.withJoins(Set.of("A"), 1_000_000L).asKernel().isPresent());
    }
}
