/**
 * POF messages as immutable values, one class per message type (types with the same body share an abstract base: {@link org.hsdba.pof.message.OpaqueMessage}, {@link org.hsdba.pof.message.EmptyMessage}, {@link org.hsdba.pof.message.PortMessage}, {@link org.hsdba.pof.message.ConfigMessage}, {@link org.hsdba.pof.message.CounterMessage}), with the protocol's type, command, reason and error constants; unknown types are kept as {@link org.hsdba.pof.message.RawMessage}.
 */
package org.hsdba.pof.message;
