package org.hsdba.pofswitch.datapath;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.hsdba.pof.ext.ExtCodec;
import org.hsdba.pof.ext.HxAlu;
import org.hsdba.pof.ext.HxAluOp;
import org.hsdba.pof.ext.HxBlockMod;
import org.hsdba.pof.ext.HxOperand;
import org.hsdba.pof.ext.HxReturn;
import org.hsdba.pof.ext.HxTypes;
import org.hsdba.pof.instruction.RawInstruction;
import org.hsdba.pofswitch.bench.BinaryTreeSetup;
import org.junit.Test;

/**
 * Datapaths whose blocks give the same class bytes share the generated classes ({@link FastGen}):
 * a second switch with the same program starts on classes the JIT has compiled already; a
 * different program gets classes of its own, and each datapath still has its own instances.
 */
public class FastGenSharingTest {
    private static Datapath switchWith(int idleTimeoutMs) throws Exception {
        Datapath dp = new Datapath(DatapathConfig.builder().rngSeed(1).fastPath(true).build());
        dp.enableAllPorts();
        new BinaryTreeSetup(3, 2, 1_000_000_000L, 2_000_000).install(dp, 2, idleTimeoutMs);
        dp.fastPathCoverage(); // compiles the program, and with it the blocks' classes
        return dp;
    }

    private static Set<Class<?>> classes(Datapath dp) {
        Map<Class<?>, Boolean> set = new IdentityHashMap<>();
        dp.generatedBlocks().values().forEach(b -> set.put(b.getClass(), true));
        return set.keySet();
    }

    @Test
    public void theSameProgramOnTwoSwitchesSharesItsClassesNotItsInstances() throws Exception {
        Datapath a = switchWith(0);
        Datapath b = switchWith(0);
        assertFalse("no generated block", classes(a).isEmpty());
        assertEquals("the same blocks, the same classes", classes(a), classes(b));
        Set<FastGen.Block> instancesA = a.generatedBlocks().values().stream().collect(Collectors.toSet());
        assertTrue("instances are per datapath (they hold its actions)",
                b.generatedBlocks().values().stream().noneMatch(instancesA::contains));
    }

    @Test
    public void aBlockOfItsOwnGetsAClassOfItsOwn() throws Exception {
        Datapath a = switchWith(0);
        Datapath b = switchWith(0);
        List<RawInstruction> raw = new ArrayList<>();
        raw.add(ExtCodec.compact(HxAlu.of(HxAluOp.ADD, HxOperand.reg(3, 0), HxOperand.reg(3, 0), HxOperand.imm(12_345))));
        raw.add(ExtCodec.compact(HxReturn.INSTANCE));
        b.blockMod(HxBlockMod.add(900, 90, HxTypes.NONE_16, true, raw));
        b.fastPathCoverage();
        Set<Class<?>> onlyB = new java.util.HashSet<>(classes(b));
        onlyB.removeAll(classes(a));
        assertEquals("the new block's class, and only it, is not a's", 1, onlyB.size());
        assertTrue("a's classes are all still b's", classes(b).containsAll(classes(a)));
    }
}
