package org.hsdba.rest;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

import javax.ws.rs.ext.ParamConverter;
import javax.ws.rs.ext.ParamConverterProvider;
import javax.ws.rs.ext.Provider;

/**
 * String path, query and header parameters as they are, and an absent one (no {@code @DefaultValue})
 * as null, which is what Jersey 2.27 gives too, but without its way there: its own String
 * converter throws an IllegalArgumentException for the absent value, with a stack trace filled in,
 * and catches it to answer null. Every GET without {@code If-None-Match} and every write without
 * {@code If-Match} paid that (1.8 % of Jetty's CPU in the patch-burst benchmark's GETs and PATCHes,
 * docs/benchmarks.md). Application providers are asked before Jersey's own.
 */
@Provider
public final class StringParams implements ParamConverterProvider {

    static final ParamConverter<String> AS_IS = new ParamConverter<>() {
        @Override
        public String fromString(String value) {
            return value;
        }

        @Override
        public String toString(String value) {
            return value;
        }
    };

    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
        return rawType == String.class ? (ParamConverter<T>) AS_IS : null;
    }
}
