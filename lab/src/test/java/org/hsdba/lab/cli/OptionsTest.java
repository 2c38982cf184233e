package org.hsdba.lab.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

import java.util.List;
import java.util.Set;

import org.junit.Test;

/** Numbers in options: the default when absent, trimmed text, and a usage error naming the option and the text. */
public class OptionsTest {

    private static Options parse(String... args) throws Options.UsageException {
        return Options.parse(List.of(args), Set.of("--n", "--id", "--x"), Set.of());
    }

    @Test
    public void numbersAreReadOrDefaulted() throws Exception {
        Options o = parse("--n", " 7 ", "--id=0x10", "--x", "2.5");
        assertEquals(7, o.intValue("--n", 1));
        assertEquals(16L, o.longValue("--id", 1));
        assertEquals(2.5, o.doubleValue("--x", 1), 0);
        Options none = parse();
        assertEquals(1, none.intValue("--n", 1));
        assertEquals(-1L, none.longValue("--id", -1));
        assertEquals(0.5, none.doubleValue("--x", 0.5), 0);
    }

    @Test
    public void badNumbersNameTheOptionAndWhatWasExpected() throws Exception {
        assertBad("--n: expected a whole number, got \"1.5\"", () -> parse("--n", "1.5").intValue("--n", 0));
        assertBad("--id: expected a whole number (decimal or 0x hex), got \"0xZZ\"",
                () -> parse("--id", "0xZZ").longValue("--id", 0));
        assertBad("--x: expected a number, got \"abc\"", () -> parse("--x", "abc").doubleValue("--x", 0));
        assertBad("--x: expected a number, got \"NaN\"", () -> parse("--x", "NaN").doubleValue("--x", 0));
        assertBad("--x: expected a number, got \"Infinity\"", () -> parse("--x", "Infinity").doubleValue("--x", 0));
    }

    private interface Read {
        void run() throws Options.UsageException;
    }

    private static void assertBad(String message, Read read) {
        try {
            read.run();
            fail("accepted: " + message);
        } catch (Options.UsageException e) {
            assertEquals(message, e.getMessage());
        }
    }
}
