/**
 * Controller-assisted mode in simulated time: the stock program on the reference datapath
 * (extension off) with the controller's polling loop modelled with its period and latency.
 */
package org.hsdba.sim.assisted;
