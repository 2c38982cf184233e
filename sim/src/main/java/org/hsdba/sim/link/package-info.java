/**
 * Output link models: a line of capacity C that serialises packets one at a time behind a
 * byte-limited buffer. {@link org.hsdba.sim.link.FifoLink} is the plain tail-drop FIFO that
 * follows every processor (HSDBA keeps it short with headroom); schedulers used as baselines
 * implement the same {@link org.hsdba.sim.link.LinkModel}.
 */
package org.hsdba.sim.link;
