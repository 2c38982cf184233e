/**
 * The HSDBA extension of POF 1.4.0 (docs/pof-hsdba-extension.md): typed extension instructions
 * and messages, {@link org.hsdba.pof.ext.ExtCodec} (stand-alone and registered into the stock
 * codec), and the extension's arithmetic as pure functions ({@link org.hsdba.pof.ext.HxArithmetic}).
 */
package org.hsdba.pof.ext;
