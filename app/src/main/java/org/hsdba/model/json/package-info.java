/**
 * Import and export of a whole {@link org.hsdba.model.HsdbaConfig} as JSON ({@code "format":
 * "hsdba/1"}, see docs/config-format.md), with Jackson's tree model so that every error carries a
 * JSON pointer, and a line and column where the text is known, and a kind (syntax, size, unknown
 * field, value, broken tree rule) that callers such as the REST API map without reading messages.
 * {@link org.hsdba.model.json.TreeDocument} reads one tree without admitting it (previews, and
 * callers that tell value problems from rule violations). Shared helpers
 * ({@link org.hsdba.model.json.JsonText}, {@link org.hsdba.model.json.ObjectReader},
 * {@link org.hsdba.model.json.Problems}) serve other file formats (scenarios) too.
 */
package org.hsdba.model.json;
