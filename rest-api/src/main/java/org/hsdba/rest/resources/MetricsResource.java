package org.hsdba.rest.resources;

import java.util.ArrayList;
import java.util.List;

import javax.inject.Singleton;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import org.hsdba.api.DeviceStatus;
import org.hsdba.api.HsdbaService;
import org.hsdba.api.NotFoundException;
import org.hsdba.api.PortState;
import org.hsdba.model.BandwidthTree;
import org.hsdba.rest.metrics.PrometheusText;

/**
 * Live rates of every node of every managed port in the Prometheus text format 0.0.4. In a cluster
 * a port is reported by the instance that masters its device (the one that reads its counters),
 * so that scraping every instance gives each port once.
 */
@Path("metrics")
@Singleton
public class MetricsResource extends HsdbaResource {

    /**
     * Prometheus text 0.0.4, or OpenMetrics 1.0 when the Accept header prefers it (as Prometheus
     * does); text for {@code text/plain}, {@code *}{@code /*} or no Accept.
     */
    @GET
    @Produces({PrometheusText.CONTENT_TYPE, PrometheusText.OPENMETRICS_TYPE})
    public Response metrics(@Context HttpHeaders headers) {
        if (wantsOpenMetrics(headers.getAcceptableMediaTypes())) {
            return Response.ok(PrometheusText.renderOpenMetrics(devices(), states()), PrometheusText.OPENMETRICS_TYPE)
                    .build();
        }
        return Response.ok(PrometheusText.render(devices(), states()), PrometheusText.CONTENT_TYPE).build();
    }

    /** The most preferred acceptable type (JAX-RS sorts them by q, then specificity) names OpenMetrics. */
    static boolean wantsOpenMetrics(List<MediaType> acceptable) {
        for (MediaType m : acceptable) {
            if (m.getType().equals("application") && m.getSubtype().equals("openmetrics-text")) {
                return true;
            }
            if (m.isWildcardType() || (m.getType().equals("text") && (m.isWildcardSubtype()
                    || m.getSubtype().equals("plain")))) {
                return false;
            }
        }
        return false;
    }

    private List<DeviceStatus> devices() {
        return service().local().devices();
    }

    private List<PortState> states() {
        HsdbaService service = service().local(); // the cluster's other ports are exported by their masters
        List<PortState> states = new ArrayList<>();
        for (BandwidthTree t : service.trees()) {
            try {
                PortState s = service.state(t.port());
                if (!s.isMasterElsewhere()) {
                    states.add(s);
                }
            } catch (NotFoundException removedMeanwhile) {
                // the tree went away between the two calls: nothing to report for it
            }
        }
        return states;
    }
}
