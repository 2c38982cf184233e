/**
 * The one entry point of the application: {@link org.hsdba.api.HsdbaService} and the value types
 * it takes and returns. REST, GUI and CLI use only this package (plus the model); the same
 * implementation runs inside ONOS and in the standalone lab.
 */
package org.hsdba.api;
