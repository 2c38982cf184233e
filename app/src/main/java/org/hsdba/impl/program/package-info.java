/**
 * The seam between the service and the compiler: what the manager needs from a compiled
 * program of one device (install messages, incremental updates, where a join packet-in belongs,
 * which node an entry is, counter reading and the controller-assisted step), independent of how
 * the compiler lays the program out. {@link org.hsdba.impl.program.ProgramCompiler} is
 * implemented over the HSDBA compiler; tests use a small fake.
 */
package org.hsdba.impl.program;
