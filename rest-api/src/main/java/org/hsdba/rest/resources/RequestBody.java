package org.hsdba.rest.resources;

import com.fasterxml.jackson.databind.JsonNode;

import org.hsdba.model.json.ConfigException;
import org.hsdba.model.json.JsonText;
import org.hsdba.rest.error.ApiError;
import org.hsdba.rest.error.Errors;

/** A parsed JSON request body with its text, so that problems found later still get a line and column. */
public final class RequestBody {

    private final byte[] bytes;
    private final JsonNode json;

    RequestBody(byte[] bytes, JsonNode json) {
        this.bytes = bytes;
        this.json = json;
    }

    public JsonNode json() {
        return json;
    }

    /** The error for problems found in this body: pointers, lines and columns, and the tree nodes concerned. */
    public ApiError error(ConfigException e) {
        return Errors.fromProblems(JsonText.locate(e, bytes), json);
    }
}
