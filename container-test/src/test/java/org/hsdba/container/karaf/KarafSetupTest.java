package org.hsdba.container.karaf;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class KarafSetupTest {

    @Test
    public void newerJresAliasJava11() {
        String aliases = KarafSetup.jreAliases(12, 17);
        assertTrue(aliases.contains("jre-12 = ${jre-11}\n"));
        assertTrue(aliases.contains("jre-17 = ${jre-11}\n"));
        assertFalse(aliases.contains("jre-18"));
    }

    @Test
    public void eecapOfJava17ListsEveryVersionUpTo17AndEndsTheProperty() {
        String blocks = KarafSetup.eecapBlocks(17, 17);
        assertTrue(blocks, blocks.contains("eecap-17= osgi.ee; osgi.ee=\"OSGi/Minimum\""));
        assertTrue(blocks, blocks.contains("osgi.ee=\"JavaSE\"; version:List<Version>=\"1.0,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,"
                + "9.0,10.0,11.0,12.0,13.0,14.0,15.0,16.0,17.0\", \\\n"));
        assertTrue(blocks, blocks.contains("osgi.ee=\"JavaSE/compact3\"; version:List<Version>=\"1.8,9.0,10.0,11.0,12.0,"
                + "13.0,14.0,15.0,16.0,17.0\"\n"));
        assertFalse("the last line of the block continues nothing", blocks.trim().endsWith("\\"));
    }

    @Test
    public void setPropertyReplacesTheAssignmentAndKeepsTheRest() {
        String cfg = "# ssh\nsshPort = 8101\nsshHost=0.0.0.0\nsshRealm = karaf\n";
        String out = KarafSetup.setProperty(KarafSetup.setProperty(cfg, "sshPort", "4242"), "sshHost", "127.0.0.1");
        assertEquals("# ssh\nsshPort = 4242\nsshHost = 127.0.0.1\nsshRealm = karaf\n", out);
    }

    @Test
    public void setPropertyReplacesAValueContinuedOverSeveralLines() {
        String cfg = "# boot\nfeaturesBoot = \\\n    instance/4.2.9, \\\n    kar/4.2.9\nfeaturesBootAsynchronous=false\n";
        assertEquals("# boot\nfeaturesBoot = (a, b), (c)\nfeaturesBootAsynchronous=false\n",
                KarafSetup.setProperty(cfg, "featuresBoot", "(a, b), (c)"));
    }

    @Test
    public void setPropertyAppendsAMissingAssignmentAndIgnoresCommentedOnes() {
        String cfg = "#serviceRequirements=default\nfeaturesBootAsynchronous=false";
        assertEquals(cfg + "\nserviceRequirements = disable\n", KarafSetup.setProperty(cfg, "serviceRequirements", "disable"));
    }

    @Test
    public void mavenConfigurationIsOfflineWithSystemAsTheOnlyRepository() {
        String cfg = KarafSetup.offlineMavenConfig();
        assertTrue(cfg.contains("org.ops4j.pax.url.mvn.offline = true\n"));
        assertTrue(cfg.contains("org.ops4j.pax.url.mvn.repositories =\n"));
        assertTrue(cfg.contains("org.ops4j.pax.url.mvn.defaultRepositories = ${karaf.home.uri}system@id=system.repository@snapshots\n"));
        assertFalse(cfg.contains("http"));
    }

    @Test
    public void webConfigurationListensOnLoopbackAndUsesJettyXml() {
        String cfg = KarafSetup.webConfig(18181);
        assertTrue(cfg.contains("org.osgi.service.http.port = 18181\n"));
        assertTrue(cfg.contains("org.ops4j.pax.web.listening.addresses = 127.0.0.1\n"));
        assertTrue(cfg.contains("org.ops4j.pax.web.config.file = ${karaf.etc}/jetty.xml\n"));
    }

    @Test
    public void everyJaasLoginServiceGetsItsIdentityServiceUpFront() {
        String jetty = "<Configure id=\"Server\">\n"
                + "<Call name=\"addBean\"><Arg><New class=\"org.eclipse.jetty.jaas.JAASLoginService\">\n"
                + "<Set name=\"name\">karaf</Set></New></Arg></Call>\n"
                + "<Call name=\"addBean\"><Arg><New class=\"org.eclipse.jetty.jaas.JAASLoginService\">\n"
                + "<Set name=\"name\">default</Set></New></Arg></Call>\n</Configure>\n";
        String edited = KarafSetup.loginServicesWithIdentityService(jetty);
        assertEquals(2, edited.split(java.util.regex.Pattern.quote(KarafSetup.IDENTITY_SERVICE), -1).length - 1);
        assertTrue(edited.contains("JAASLoginService\">\n                " + KarafSetup.IDENTITY_SERVICE + "\n<Set name=\"name\">karaf"));
        assertTrue(edited.endsWith("</Configure>\n"));
    }

    @Test(expected = IllegalStateException.class)
    public void aJettyXmlWithoutLoginServiceIsRefused() {
        KarafSetup.loginServicesWithIdentityService("<Configure id=\"Server\"></Configure>");
    }
}
