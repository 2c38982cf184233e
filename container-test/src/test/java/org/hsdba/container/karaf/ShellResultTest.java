package org.hsdba.container.karaf;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;

import org.junit.Test;

public class ShellResultTest {

    /** What Karaf 4.2.9 printed when hsdba-app's import of org.hsdba.southbound had no exporter. */
    private static final String RESOLVER_ERROR = "Adding feature url mvn:org.hsdba/hsdba-oar/1.0.0-SNAPSHOT/xml/features\n"
            + "\u001B[31mError executing command: \u001B[0m\u001B[31;1mUnable to resolve root: missing requirement [root] "
            + "osgi.identity; osgi.identity=hsdba; type=karaf.feature; version=\"[1.0.0.SNAPSHOT,1.0.0.SNAPSHOT]\" "
            + "[caused by: Unable to resolve hsdba/1.0.0.SNAPSHOT: missing requirement [hsdba/1.0.0.SNAPSHOT] "
            + "osgi.identity; osgi.identity=org.hsdba.hsdba-app; type=osgi.bundle [caused by: Unable to resolve "
            + "org.hsdba.hsdba-app/1.0.0.SNAPSHOT: missing requirement [org.hsdba.hsdba-app/1.0.0.SNAPSHOT] "
            + "osgi.wiring.package; filter:=\"(&(osgi.wiring.package=org.hsdba.southbound)(version>=1.0.0))\"]]\u001B[0m\n";

    @Test
    public void colorsAreRemovedAndFailedCommandsFound() {
        ShellResult r = new ShellResult("feature:install hsdba\n", RESOLVER_ERROR);
        assertFalse(r.output().contains("\u001B"));
        assertTrue(r.failed());
        assertEquals(1, r.errors().size());
    }

    @Test
    public void rootCauseIsTheInnermostReasonWithItsOwnBrackets() {
        assertEquals("Unable to resolve org.hsdba.hsdba-app/1.0.0.SNAPSHOT: missing requirement "
                + "[org.hsdba.hsdba-app/1.0.0.SNAPSHOT] osgi.wiring.package; "
                + "filter:=\"(&(osgi.wiring.package=org.hsdba.southbound)(version>=1.0.0))\"",
                new ShellResult("", RESOLVER_ERROR).rootCause());
    }

    @Test
    public void anErrorWithoutNestedReasonIsItsOwnRootCause() {
        ShellResult r = new ShellResult("", "Error executing command: no such feature: nope\n");
        assertEquals("Error executing command: no such feature: nope", r.rootCause());
    }

    @Test
    public void unknownCommandsCountAsFailures() {
        assertEquals(List.of("Command not found: feature:nope"),
                new ShellResult("", "Command not found: feature:nope\n").errors());
    }

    @Test
    public void quietCommandsSucceed() {
        assertFalse(new ShellResult("", "Adding feature url file:/x.xml\n").failed());
    }
}
