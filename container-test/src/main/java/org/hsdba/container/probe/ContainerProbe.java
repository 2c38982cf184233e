package org.hsdba.container.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import javax.servlet.Servlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.runtime.ServiceComponentRuntime;

/**
 * Serves {@link ContainerReport} at {@value #PATH} (HTTP whiteboard), without authentication: it
 * exists only in the test container, which listens on the loopback interface.
 */
@Component(service = Servlet.class, property = {
        "osgi.http.whiteboard.servlet.pattern=" + ContainerProbe.PATH,
        "osgi.http.whiteboard.servlet.name=hsdba-container-probe"})
public final class ContainerProbe extends HttpServlet {

    public static final String PATH = "/hsdba-container-probe";
    private static final long serialVersionUID = 1L;

    @Reference
    private transient ServiceComponentRuntime scr;

    private transient BundleContext context;

    @Activate
    void activate(BundleContext bundleContext) {
        this.context = bundleContext;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = new ContainerReport(context, scr).build().toString().getBytes(StandardCharsets.UTF_8);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
