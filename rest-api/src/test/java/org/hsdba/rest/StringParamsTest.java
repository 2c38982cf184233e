package org.hsdba.rest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.lang.annotation.Annotation;

import javax.ws.rs.ext.ParamConverter;

import org.junit.Test;

public class StringParamsTest {

    private final StringParams provider = new StringParams();

    @Test
    public void stringsPassAsTheyAreAndAnAbsentOneIsNullWithoutAnException() {
        ParamConverter<String> c = provider.getConverter(String.class, String.class, new Annotation[0]);
        assertEquals(" \"5f0c2a91e3-7\" ", c.fromString(" \"5f0c2a91e3-7\" "));
        assertEquals("", c.fromString(""));
        assertNull(c.fromString(null)); // Jersey passes null for an absent parameter without @DefaultValue
        assertEquals("pof:0000000000000001", c.toString("pof:0000000000000001"));
    }

    @Test
    public void otherTypesAreLeftToJersey() {
        assertNull(provider.getConverter(Integer.class, Integer.class, new Annotation[0]));
        assertNull(provider.getConverter(Object.class, Object.class, new Annotation[0]));
    }

    @Test
    public void theApplicationRegistersIt() {
        assertTrue(new HsdbaWebApplication().getClasses().contains(StringParams.class));
        assertSame(StringParams.AS_IS, provider.getConverter(String.class, String.class, new Annotation[0]));
    }
}
