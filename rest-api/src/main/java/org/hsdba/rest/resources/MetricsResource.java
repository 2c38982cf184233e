package org.hsdba.rest.resources;

import java.util.ArrayList;
import java.util.List;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
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
public class MetricsResource extends HsdbaResource {

    /** Prometheus text 0.0.4: for {@code text/plain}, any type, or no Accept. */
    @GET
    @Produces({PrometheusText.CONTENT_TYPE, "*/*"})
    public Response metrics() {
        return Response.ok(PrometheusText.render(devices(), states()), PrometheusText.CONTENT_TYPE).build();
    }

    /** OpenMetrics 1.0, which Prometheus asks for first. */
    @GET
    @Produces(PrometheusText.OPENMETRICS_TYPE)
    public Response openMetrics() {
        return Response.ok(PrometheusText.renderOpenMetrics(devices(), states()), PrometheusText.OPENMETRICS_TYPE)
                .build();
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
