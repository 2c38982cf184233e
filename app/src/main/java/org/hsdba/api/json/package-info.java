/** JSON forms of the service's live values, shared by the REST API and the CLI. */
package org.hsdba.api.json;
