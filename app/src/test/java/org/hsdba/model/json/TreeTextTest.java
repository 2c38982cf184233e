package org.hsdba.model.json;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.hsdba.model.BandwidthTree;
import org.hsdba.model.InvalidTreeException;
import org.hsdba.model.RandomEdits;
import org.junit.Test;

/**
 * The store's tree text, written along random edits (so most nodes' text comes from the tree
 * before), is exactly {@link ConfigJson#treeToJson}'s, and reads back as the same tree.
 */
public class TreeTextTest {

    @Test
    public void cachedNodeTextGivesTheCanonicalTextAlongRandomEdits() {
        int written = 0;
        for (long seed = 0; seed < 40; seed++) {
            RandomEdits random = new RandomEdits(300 + seed);
            BandwidthTree tree = random.tree(5 + (int) (seed % 30));
            TreeText text = new TreeText();
            for (int step = 0; step < 30; step++) {
                String expected = ConfigJson.treeToJson(tree).toString();
                String actual = text.write(tree);
                assertEquals("seed " + seed + " step " + step, expected, actual);
                written++;
                try {
                    tree = random.edit(tree).applyTo(tree);
                } catch (InvalidTreeException e) {
                    // an edit the tree refuses: write the same tree again
                }
            }
        }
        assertTrue(written >= 1200);
    }

    @Test
    public void writtenTreesReadBackAsTheSameTrees() throws Exception {
        BandwidthTree tree = new RandomEdits(7).tree(12).withVersion(9);
        BandwidthTree empty = tree.toBuilder().nodes(java.util.List.of()).build();
        TreeText text = new TreeText();
        for (BandwidthTree t : java.util.List.of(tree, empty, tree)) {
            String written = text.write(t);
            assertEquals(ConfigJson.treeToJson(t).toString(), written);
            assertEquals(t, ConfigJson.treeFromJson(new com.fasterxml.jackson.databind.ObjectMapper().readTree(written)));
        }
    }
}
