package org.hsdba.sim.pofswitch;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hsdba.algorithm.DropRule;
import org.hsdba.algorithm.KernelOptions;
import org.hsdba.compiler.CompiledProgram;
import org.hsdba.compiler.CompilerOptions;
import org.hsdba.compiler.HsdbaCompiler;
import org.hsdba.compiler.NodeSlot;
import org.hsdba.compiler.ProgramLayout;
import org.hsdba.compiler.SwitchCapabilities;
import org.hsdba.model.RuntimeParameters;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxRegisterMod;
import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.message.TableMod;
import org.hsdba.pofswitch.datapath.Datapath;
import org.hsdba.pofswitch.datapath.DatapathConfig;
import org.hsdba.pofswitch.error.SwitchError;
import org.hsdba.sim.baseline.Mode;
import org.hsdba.sim.engine.PacketProcessor;
import org.hsdba.sim.model.TreeBinding;
import org.hsdba.sim.run.ProcessorFactory;

/**
 * The real thing in simulated time: the tree compiled by {@code HsdbaCompiler} for the reference
 * switch's capabilities, installed into a fresh reference {@link Datapath} (HX extension on,
 * random generator seeded with the run seed, all ports enabled) as its control side would, and
 * driven packet by packet. In-switch mode drops at the deepest level; literal compiles the
 * every-level drop variant. Estimator and idle timeout come from the run-time parameters.
 */
public final class PofSwitchFactory implements ProcessorFactory {

    @Override
    public String name() {
        return "pof-reference-switch (compiled program on the reference datapath)";
    }

    @Override
    public boolean supports(Mode mode) {
        return mode == Mode.IN_SWITCH || mode == Mode.LITERAL;
    }

    @Override
    public PacketProcessor create(TreeBinding binding, Mode mode, RuntimeParameters runtime, int inPort, long seed) {
        if (!supports(mode)) {
            throw new IllegalArgumentException("the compiled switch program runs in-switch and literal, not "
                    + mode.cliName());
        }
        KernelOptions algorithm = KernelOptions.from(runtime).toBuilder()
                .dropRule(mode == Mode.LITERAL ? DropRule.EVERY_LEVEL : DropRule.DEEPEST_LEVEL).build();
        CompilerOptions options = CompilerOptions.from(runtime).toBuilder().algorithm(algorithm).build();
        CompiledProgram program = HsdbaCompiler.compile(binding.tree(), SwitchCapabilities.reference(), options);
        Datapath dp = new Datapath(DatapathConfig.builder().extensionEnabled(true).rngSeed(seed).build());
        dp.enableAllPorts();
        install(dp, program.messages());
        Map<Long, String> nodeOfEntry = new HashMap<>();
        ProgramLayout layout = program.layout();
        for (Map.Entry<String, NodeSlot> e : program.slots().all().entrySet()) {
            NodeSlot slot = e.getValue();
            int table = layout.globalId(layout.levelTable(slot.level()));
            nodeOfEntry.put(key(table, slot.entryIndex()), e.getKey());
        }
        return new DatapathProcessor(dp, (int) layout.egressPort(),
                ref -> nodeOfEntry.get(key(ref.tableId(), ref.index())));
    }

    private static long key(int table, long index) {
        return ((long) table << 40) ^ index;
    }

    /** Applies a compiled program's messages; a switch error fails with the message that caused it. */
    static void install(Datapath dp, List<PofMessage> messages) {
        for (PofMessage m : messages) {
            try {
                List<SwitchError> errors = List.of();
                if (m instanceof TableMod) {
                    dp.tableMod((TableMod) m);
                } else if (m instanceof FlowMod) {
                    errors = dp.flowMod((FlowMod) m);
                } else if (m instanceof HxBlockMod) {
                    dp.blockMod((HxBlockMod) m);
                } else if (m instanceof HxRegisterMod) {
                    dp.registerMod((HxRegisterMod) m);
                } else {
                    throw new IllegalStateException("unexpected message in a compiled program: " + m);
                }
                if (!errors.isEmpty()) {
                    throw new IllegalStateException("the switch reported " + errors + " for " + m);
                }
            } catch (SwitchError e) {
                throw new IllegalStateException("the switch rejected " + m + ": " + e, e);
            }
        }
    }
}
