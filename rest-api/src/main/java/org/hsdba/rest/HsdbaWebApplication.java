package org.hsdba.rest;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import org.hsdba.rest.error.ErrorMapper;
import org.hsdba.rest.resources.ConfigResource;
import org.hsdba.rest.resources.DevicesResource;
import org.hsdba.rest.resources.EventsResource;
import org.hsdba.rest.resources.MetricsResource;
import org.hsdba.rest.resources.NodesResource;
import org.hsdba.rest.resources.OpenApiResource;
import org.hsdba.rest.resources.ParametersResource;
import org.hsdba.rest.resources.PreviewResource;
import org.hsdba.rest.resources.TreeResource;
import org.onlab.rest.AbstractWebApplication;

/**
 * The JAX-RS application of {@code /onos/hsdba/v1}, used by ONOS (web.xml) and the lab's embedded
 * server alike. It takes ONOS's standard providers (the authorization filter: writes need role
 * admin, reads viewer; the ObjectNode body writer) but not ONOS's exception mappers, which answer
 * in their own shape: every error here leaves through {@link ErrorMapper} as the uniform error body.
 */
public class HsdbaWebApplication extends AbstractWebApplication {

    /** The resource classes, which are also what the OpenAPI document must describe. */
    public static final Set<Class<?>> RESOURCES = Set.of(DevicesResource.class, TreeResource.class,
            NodesResource.class, ParametersResource.class, ConfigResource.class, PreviewResource.class,
            EventsResource.class, MetricsResource.class, OpenApiResource.class);

    private static final String ONOS_MAPPERS = "org.onlab.rest.exceptions.";

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> out = new LinkedHashSet<>();
        for (Class<?> c : getClasses(ErrorMapper.class, BodyLimitFilter.class, JsonWritesFilter.class, NoStoreFilter.class,
                StringParams.class)) {
            if (!c.getName().startsWith(ONOS_MAPPERS)) {
                out.add(c);
            }
        }
        out.addAll(RESOURCES);
        return out;
    }

    @Override
    public Map<String, Object> getProperties() {
        // WADL generation needs JAXB, which Java 11 no longer has; the API is described by OpenAPI.
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
