/**
 * Scenario files: a configuration, traffic sources and run parameters, with the offered demand
 * per leaf over time and the phases in which the set of active sources is constant.
 */
package org.hsdba.scenario;
