/**
 * The container probe: an HTTP endpoint inside Karaf that reports every bundle (state, and for a
 * bundle that is not active the requirements nothing satisfies) and every DS component (state,
 * unsatisfied references with their interfaces, activation failure) as JSON, so the container test
 * can say exactly which import or reference broke.
 */
package org.hsdba.container.probe;
