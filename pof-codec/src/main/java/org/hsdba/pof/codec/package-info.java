/**
 * Byte encoding and decoding of POF messages: {@link org.hsdba.pof.codec.PofCodec} (encode, decode, framing), the decode error, and the registration points for extension codecs.
 */
package org.hsdba.pof.codec;
