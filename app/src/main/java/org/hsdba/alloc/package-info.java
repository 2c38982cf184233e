/**
 * The exact allocator: hierarchical weighted max-min water-filling with peak caps (algorithm
 * section 2) and the guarantee+excess variant (section 5). The reference the data plane is
 * measured against, and the preview an operator sees.
 */
package org.hsdba.alloc;
