/**
 * Binding of the project's bandwidth-tree model ({@code org.hsdba.model}, admitted through
 * {@code org.hsdba.admission}) to the harness: the accounting tree, the match fields a leaf's
 * packets carry, and the oracle over the exact allocator ({@code org.hsdba.alloc}).
 */
package org.hsdba.sim.model;
