package org.hsdba.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.node.TextNode;

import org.hsdba.model.MatchKey;
import org.hsdba.model.NodeSpec;
import org.hsdba.model.Rate;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.model.json.JsonWriter;
import org.junit.Test;

/** The store's hand-written JSON is the text Jackson writes for the same values, character for character. */
public class JsonTest {

    private static String quoted(String text) {
        return JsonWriter.quote(new StringBuilder(), text).toString();
    }

    @Test
    public void stringsAreQuotedAsJacksonQuotesThem() {
        List<String> texts = new ArrayList<>(List.of("", "plain", "tree/pof:0000000000000001/3@7#5f0c2a91",
                "quote \" backslash \\ tab \t newline \n nul \u0000 del \u007f e-acute \u00e9 line-sep \u2028",
                "emoji \ud83d\ude00 lone surrogate \ud800", "\u001f", "\\", "\""));
        Random rnd = new Random(5);
        for (int i = 0; i < 2000; i++) {
            StringBuilder s = new StringBuilder();
            int n = rnd.nextInt(12);
            for (int k = 0; k < n; k++) {
                // mostly printable ASCII, some control characters, quotes, backslashes and any char
                int kind = rnd.nextInt(10);
                s.append(kind < 6 ? (char) (0x20 + rnd.nextInt(0x60)) : kind < 7 ? (char) rnd.nextInt(0x20)
                        : kind < 8 ? '"' : kind < 9 ? '\\' : (char) rnd.nextInt(0x10000));
            }
            texts.add(s.toString());
        }
        for (String t : texts) {
            assertEquals(t, new TextNode(t).toString(), quoted(t));
        }
    }

    private static void assertSameText(NodeSpec n) {
        assertEquals(ConfigJson.nodeToJson(n).toString(), Json.node(new StringBuilder(), n).toString());
    }

    @Test
    public void nodesAreWrittenAsTheirConfigTextIs() {
        List<NodeSpec> nodes = List.of(
                NodeSpec.builder("lab").key(MatchKey.parse("0x0a00", null, 16)).weight(1.0).pinned(true).build(),
                NodeSpec.builder("users").parent("lab").template(true).weight(2.5).build(),
                NodeSpec.builder("user-10.0.0.1").parent("lab").key(MatchKey.exact(32, BigInteger.valueOf(0x0a000001L)))
                        .weight(1.0).joined(true).guaranteed(Rate.parse("10M")).peak(Rate.parse("1G")).build(),
                NodeSpec.builder("bare").build(),
                NodeSpec.builder("masked").key(MatchKey.parse("0x0a00", "0xff00", 16)).weight(1e15).build(),
                NodeSpec.builder("small").weight(1e-7).guaranteed(Rate.parse("1.5k")).build(),
                NodeSpec.builder("big").weight(123456789012345.5).peak(Rate.parse("10G")).build());
        nodes.forEach(JsonTest::assertSameText);
    }

    @Test
    public void randomNodesAreWrittenAsTheirConfigTextIs() {
        Random rnd = new Random(17);
        int written = 0;
        for (int i = 0; i < 3000; i++) {
            NodeSpec.Builder b = NodeSpec.builder("n" + i + (rnd.nextBoolean() ? "" : ":x_y.z-" + rnd.nextInt(1000)));
            if (rnd.nextBoolean()) {
                b.parent("p" + rnd.nextInt(50));
            }
            if (rnd.nextBoolean()) {
                int len = rnd.nextBoolean() ? 16 : 32;
                long value = rnd.nextLong() & ((1L << len) - 1);
                b.key(rnd.nextBoolean() ? MatchKey.exact(len, BigInteger.valueOf(value))
                        : MatchKey.parse("0x" + Long.toHexString(value), "0x" + Long.toHexString(rnd.nextLong()
                                & ((1L << len) - 1)), len));
            }
            if (rnd.nextBoolean()) {
                b.guaranteed(Rate.ofBps(rnd.nextInt(4) == 0 ? rnd.nextInt(1000) : (long) rnd.nextInt(1_000_000) * 1000));
            }
            if (rnd.nextBoolean()) {
                int kind = rnd.nextInt(4);
                b.weight(kind == 0 ? (double) (1 + rnd.nextInt(100)) : kind == 1 ? rnd.nextDouble() * 100
                        : kind == 2 ? Math.scalb(1 + rnd.nextDouble(), -30 + rnd.nextInt(90)) : 0.5 + rnd.nextInt(10));
            }
            if (rnd.nextBoolean()) {
                b.peak(Rate.ofBps(1 + (long) rnd.nextInt(1_000_000) * 1_000_000));
            }
            b.template(rnd.nextInt(4) == 0).pinned(rnd.nextInt(4) == 0).joined(rnd.nextInt(3) == 0);
            NodeSpec n;
            try {
                n = b.build();
            } catch (IllegalArgumentException e) {
                continue; // a combination the model refuses (e.g. a template with a key): not a node
            }
            assertSameText(n);
            written++;
        }
        assertTrue("most random nodes are nodes: " + written, written > 1500);
    }
}
