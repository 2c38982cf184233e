/**
 * The hsdba REST API ({@code /onos/hsdba/v1}): the JAX-RS application and its filters. Resources
 * are in {@code resources}, JSON codecs in {@code codec}, the uniform error body in {@code error},
 * the GUI's static files in {@code ui}, and the lab's embedded HTTP server in {@code server}.
 */
package org.hsdba.rest;
