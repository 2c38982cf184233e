/**
 * Real ports: the reference switch attached to Linux network interfaces through raw
 * {@code AF_PACKET} sockets (libc called through JNA), one receive loop per port.
 */
package org.hsdba.pofswitch.ports;
