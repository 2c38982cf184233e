/**
 * The lab's embedded HTTP server: Jetty deploying this bundle's web.xml outside ONOS. Never loaded
 * inside ONOS (the bundle imports Jetty optionally, for this package only).
 */
package org.hsdba.rest.server;
