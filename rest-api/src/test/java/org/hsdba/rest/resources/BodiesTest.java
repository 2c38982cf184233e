package org.hsdba.rest.resources;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import java.io.InputStream;

import org.hsdba.rest.error.ApiException;
import org.hsdba.rest.error.ErrorCode;
import org.junit.Test;

public class BodiesTest {

    /** A stream of {@code n} spaces that never says its length (a chunked body). */
    private static InputStream spaces(long n) {
        return new InputStream() {
            private long left = n;

            @Override
            public int read() {
                return left-- > 0 ? ' ' : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return -1;
                }
                int k = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + k, (byte) ' ');
                left -= k;
                return k;
            }
        };
    }

    @Test
    public void aBodyOfUnknownLengthIsCutOffAtTheLimit() {
        assertEquals(Bodies.MAX_BYTES, Bodies.read(spaces(Bodies.MAX_BYTES)).length);
        try {
            Bodies.read(spaces(Bodies.MAX_BYTES + 1L));
            fail("a body over the limit was read");
        } catch (ApiException e) {
            assertEquals(ErrorCode.TOO_LARGE, e.error().code());
            assertEquals(413, e.error().status());
        }
    }

    @Test
    public void everyByteIsReadAcrossTheBuffersGrowthWhateverTheReadSizes() {
        java.util.Random random = new java.util.Random(17);
        for (int size : new int[] {0, 1, 255, 256, 257, 511, 512, 513, 4096, 100_003}) {
            byte[] body = new byte[size];
            random.nextBytes(body);
            // A stream that hands out 1 to 700 bytes per read, as a chunked body arrives.
            InputStream in = new java.io.ByteArrayInputStream(body) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, 1 + random.nextInt(700)));
                }
            };
            org.junit.Assert.assertArrayEquals("a body of " + size + " bytes", body, Bodies.read(in));
        }
    }

    @Test
    public void ifMatchTakesOneStrongQuotedTagOrStar() {
        org.hsdba.model.BandwidthTree t = org.hsdba.model.BandwidthTree.builder(org.hsdba.model.PortRef.of("pof:1", 3))
                .capacity(org.hsdba.model.Rate.parse("1G")).operatorVersion(3).generation(0x5f0c2aL)
                .levels(java.util.List.of(org.hsdba.model.LevelSpec.of("x", org.hsdba.model.FieldSpec.of(0, 8)))).build();
        org.hsdba.api.Precondition p = HsdbaResource.ifMatch("\"5f0c2a-3\"");
        p.check(t.port(), t); // matches, else it throws
        assertEquals(org.hsdba.api.Precondition.ANY_TREE, HsdbaResource.ifMatch("*"));
        assertEquals(false, HsdbaResource.ifMatch(null).isPresent());
        for (String bad : new String[] {"W/\"5f0c2a-3\"", "5f0c2a-3", "\"3\"", "\"5f0c2a-3\", \"5f0c2a-4\"", "\"\""}) {
            try {
                HsdbaResource.ifMatch(bad);
                fail(bad + " was taken");
            } catch (ApiException e) {
                assertEquals(ErrorCode.BAD_VALUE, e.error().code());
            }
        }
        try {
            HsdbaResource.requiredIfMatch(null, "deleting a tree");
            fail("no If-Match on a delete");
        } catch (ApiException e) {
            assertEquals(428, e.error().status());
        }
    }
}
