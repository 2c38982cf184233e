/** The bandwidth tree: levels, nodes, rates, ports. Immutable value types. */
package org.hsdba.model;
