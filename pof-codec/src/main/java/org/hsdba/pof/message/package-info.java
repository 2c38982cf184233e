/**
 * POF messages as immutable values, one class per message type, with the protocol's type, command, reason and error constants; unknown types are kept as {@link org.hsdba.pof.message.RawMessage}.
 */
package org.hsdba.pof.message;
