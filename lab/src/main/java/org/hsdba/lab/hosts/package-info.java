/**
 * {@code hsdba lab --hosts}: real Linux hosts (network namespaces, veth pairs) and real senders
 * (iperf3) on both sides of one reference switch attached to the veths by raw sockets.
 */
package org.hsdba.lab.hosts;
