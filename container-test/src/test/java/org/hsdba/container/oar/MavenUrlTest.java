package org.hsdba.container.oar;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class MavenUrlTest {

    @Test
    public void jarIsTheDefaultType() {
        assertEquals("org/hsdba/hsdba-app/1.0.0-SNAPSHOT/hsdba-app-1.0.0-SNAPSHOT.jar",
                MavenUrl.parse("mvn:org.hsdba/hsdba-app/1.0.0-SNAPSHOT").path());
    }

    @Test
    public void typeAndClassifierMakeTheFileName() {
        assertEquals("org/hsdba/hsdba-oar/1.0.0-SNAPSHOT/hsdba-oar-1.0.0-SNAPSHOT-features.xml",
                MavenUrl.parse("mvn:org.hsdba/hsdba-oar/1.0.0-SNAPSHOT/xml/features").path());
    }

    @Test(expected = IllegalArgumentException.class)
    public void otherSchemesAreRejected() {
        MavenUrl.parse("file:/tmp/x.jar");
    }

    @Test(expected = IllegalArgumentException.class)
    public void aVersionIsRequired() {
        MavenUrl.parse("mvn:org.hsdba/hsdba-app");
    }
}
