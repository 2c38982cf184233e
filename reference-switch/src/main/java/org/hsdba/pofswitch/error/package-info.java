/** Errors reported the way POFSwitch reports them (ERROR type, code and the code's C name). */
package org.hsdba.pofswitch.error;
