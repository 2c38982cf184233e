/**
 * The switch side of the control channel: a TCP client that connects like POFSwitch, its strict
 * handshake and RUN-state message handling ({@link org.hsdba.pofswitch.control.SwitchSession}),
 * and {@link org.hsdba.pofswitch.control.ReferenceSwitch}, the datapath and channel together.
 */
package org.hsdba.pofswitch.control;
