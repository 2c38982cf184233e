package org.hsdba.rest.server;

import org.eclipse.jetty.servlet.ErrorPageErrorHandler;

/**
 * web.xml's error pages for every method. Jetty 9.4 dispatches to an error page only for GET, POST
 * and HEAD, so a PUT, PATCH or DELETE refused by the container (401 without credentials, 403)
 * went out with an empty body and no Content-Type instead of the uniform JSON error.
 */
final class AllMethodsErrorPages extends ErrorPageErrorHandler {

    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }
}
