package org.hsdba.interop;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.hsdba.api.HsdbaParameters;
import org.junit.Assume;
import org.junit.rules.TestRule;
import org.junit.runner.Description;
import org.junit.runners.model.Statement;

/**
 * The real-switch tests' setup around {@link RealSwitchRig}: skips where the machine cannot run the
 * rig (no root or namespaces, no POFSwitch build of the flavour), starts rigs, and closes each at
 * the end of the scope that started it (switch process, namespaces, veths, controller). Declared
 * once per class on a static field with both annotations:
 * <pre>
 * {@literal @}ClassRule {@literal @}Rule public static final RealSwitchRule RIGS = RealSwitchRule.stock();
 * </pre>
 * so the class is skipped as a whole, a rig started in {@code @BeforeClass} lives for the class and
 * one started in a test for that test.
 */
final class RealSwitchRule implements TestRule {

    private final String flavour;
    private final RealSwitchRig.Kind kind;
    private final String skipped;
    /** Rigs started and not closed yet, oldest first; a scope closes those it started. */
    private final List<RealSwitchRig> open = new ArrayList<>();
    private boolean checked;

    private RealSwitchRule(String flavour, RealSwitchRig.Kind kind, String skipped) {
        this.flavour = flavour;
        this.kind = kind;
        this.skipped = skipped;
    }

    /** Needs the stock POFSwitch build; {@link #start(HsdbaParameters)} starts it. */
    static RealSwitchRule stock() {
        return new RealSwitchRule("stock", RealSwitchRig.Kind.POFSWITCH, "real POFSwitch tests skipped: ");
    }

    /** Needs the patched POFSwitch build (pofswitch-hx); {@link #start(HsdbaParameters)} starts it. */
    static RealSwitchRule hx() {
        return new RealSwitchRule("hx", RealSwitchRig.Kind.POFSWITCH_HX, "patched POFSwitch tests skipped: ");
    }

    /** Needs only root and namespaces: the reference switch (extension off) on the hosts' veths. */
    static RealSwitchRule referenceStock() {
        return new RealSwitchRule(null, RealSwitchRig.Kind.REFERENCE_STOCK, "reference switch real-port tests skipped: ");
    }

    /** A rig with this rule's POFSwitch, closed at the end of the current test, or class in {@code @BeforeClass}. */
    RealSwitchRig start(HsdbaParameters params) {
        return start(params, kind);
    }

    /** The same with another switch between the hosts. */
    RealSwitchRig start(HsdbaParameters params, RealSwitchRig.Kind kind) {
        RealSwitchRig rig = RealSwitchRig.start(params, kind);
        synchronized (open) {
            open.add(rig);
        }
        return rig;
    }

    @Override
    public Statement apply(Statement base, Description description) {
        return new Statement() {
            @Override
            public void evaluate() throws Throwable {
                // once, at the outermost scope: probing makes and deletes a namespace
                if (!checked) {
                    Optional<String> why = flavour == null ? HostNetwork.unavailable() : RealSwitchRig.unavailable(flavour);
                    Assume.assumeFalse(skipped + why.orElse(""), why.isPresent());
                    checked = true;
                }
                int mark;
                synchronized (open) {
                    mark = open.size();
                }
                try {
                    base.evaluate();
                } finally {
                    closeFrom(mark);
                }
            }
        };
    }

    /** Closes, newest first, the rigs started since {@code mark}. */
    private void closeFrom(int mark) {
        List<RealSwitchRig> started;
        synchronized (open) {
            List<RealSwitchRig> tail = open.subList(mark, open.size());
            started = new ArrayList<>(tail);
            tail.clear();
        }
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close();
        }
    }
}
