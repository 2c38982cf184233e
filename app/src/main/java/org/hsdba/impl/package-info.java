/**
 * The service implementation: {@link org.hsdba.impl.HsdbaManager}, a plain Java class wired by
 * constructor (store, switches, compiler, executor, clock, mastership), the same in ONOS and in
 * the lab. No ONOS or OSGi types here.
 */
package org.hsdba.impl;
