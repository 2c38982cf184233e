/**
 * The {@code hsdba} command line: {@link org.hsdba.lab.cli.Main} dispatches to
 * {@link org.hsdba.lab.cli.Subcommand}s registered in {@link org.hsdba.lab.cli.Main#registry()}.
 */
package org.hsdba.lab.cli;
