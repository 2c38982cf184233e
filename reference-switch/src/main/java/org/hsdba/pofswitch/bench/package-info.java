/**
 * A hand-written HSDBA program in the extension's instruction set, a tree installer for it, and the
 * interpreter benchmark (a main program; results in target/bench/interpreter.txt).
 */
package org.hsdba.pofswitch.bench;
