/**
 * Admission control: the rules of algorithm section 1 (guarantees within the parent's, g <= l,
 * w > 0, proportional g and w among siblings, non-overlapping sibling keys), the resolution of
 * missing weights and guarantees, and admitted edits.
 */
package org.hsdba.admission;
