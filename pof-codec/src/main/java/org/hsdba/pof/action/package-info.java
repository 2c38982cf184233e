/**
 * Actions of POFSwitch 1.4.0 as immutable values; unknown types are kept as {@link org.hsdba.pof.action.RawAction}.
 */
package org.hsdba.pof.action;
