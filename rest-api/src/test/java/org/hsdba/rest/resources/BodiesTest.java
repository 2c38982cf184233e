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
    public void ifMatchTakesStrongWeakAndBareVersions() {
        assertEquals(3, HsdbaResource.expectedVersion("\"3\"").getAsLong());
        assertEquals(3, HsdbaResource.expectedVersion("W/\"3\"").getAsLong());
        assertEquals(3, HsdbaResource.expectedVersion("3").getAsLong());
        assertEquals(false, HsdbaResource.expectedVersion(null).isPresent());
        try {
            HsdbaResource.expectedVersion("*");
            fail("* is not a version");
        } catch (ApiException e) {
            assertEquals(ErrorCode.BAD_VALUE, e.error().code());
        }
    }
}
