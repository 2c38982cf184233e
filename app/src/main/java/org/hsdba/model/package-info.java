/**
 * The bandwidth tree: levels, nodes, rates, ports. Immutable value types.
 *
 * <p>{@link org.hsdba.model.BandwidthTree} (one per egress port, structurally valid by
 * construction), its parts ({@link org.hsdba.model.LevelSpec}, {@link org.hsdba.model.NodeSpec},
 * {@link org.hsdba.model.MatchKey}, {@link org.hsdba.model.FieldSpec}, {@link org.hsdba.model.Rate}),
 * edits ({@link org.hsdba.model.TreeEdit}) and the whole configuration
 * ({@link org.hsdba.model.HsdbaConfig}). Rules on rates live in {@code org.hsdba.admission}.
 */
package org.hsdba.model;
