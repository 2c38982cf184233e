/**
 * What the hsdba application sees of POF switches: connected switches, confirmed message
 * delivery, counter reads and the events switches report. Pure Java (no ONOS, no Netty), so the
 * same application code runs inside ONOS and in the standalone lab.
 */
package org.hsdba.southbound;
