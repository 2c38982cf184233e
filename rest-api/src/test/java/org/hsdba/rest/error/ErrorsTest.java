package org.hsdba.rest.error;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.api.NotFoundException;
import org.hsdba.api.VersionConflictException;
import org.hsdba.model.PortRef;
import org.hsdba.model.Violation;
import org.hsdba.model.ViolationCode;
import org.hsdba.model.json.ConfigException;
import org.junit.Test;

public class ErrorsTest {

    @Test
    public void aBusyServiceIsUnavailableWithItsMessage() {
        ApiError e = Errors.fromServiceException(new org.hsdba.api.BusyException("256 writes in progress", 1));
        assertEquals(503, e.status());
        assertEquals(ErrorCode.UNAVAILABLE, e.code());
        assertEquals("256 writes in progress", e.message());
    }

    @Test
    public void aPointerIntoANodesArrayNamesTheNode() throws Exception {
        JsonNode body = new ObjectMapper().readTree("{\"trees\": [{\"nodes\": [{\"id\": \"a\"}, {\"id\": \"b\"}]}]}");
        assertEquals("b", Errors.nodeAt(body, "/trees/0/nodes/1/guaranteed"));
        assertEquals("a", Errors.nodeAt(body, "/trees/0/nodes/0"));
        assertNull(Errors.nodeAt(body, "/trees/0/capacity"));
        assertNull(Errors.nodeAt(body, "/trees/0/nodes/7/id"));
        assertNull(Errors.nodeAt(null, "/nodes/0"));
    }

    @Test
    public void unknownFieldsWinOverBadValuesAndSyntaxWinsOverBoth() {
        ConfigException mixed = new ConfigException(List.of(
                new ConfigException.Problem(ConfigException.Kind.UNKNOWN_FIELD, "/a", -1, -1, "unknown field \"a\""),
                new ConfigException.Problem("/b", "expected a number")), 2);
        assertEquals(ErrorCode.UNKNOWN_FIELD, Errors.fromProblems(mixed, null).code());
        assertEquals("2 problems in the request body", Errors.fromProblems(mixed, null).message());
        ConfigException syntax = new ConfigException(new ConfigException.Problem(ConfigException.Kind.SYNTAX, "", 2, 5,
                "invalid JSON: Unexpected character"));
        ApiError e = Errors.fromProblems(syntax, null);
        assertEquals(ErrorCode.MALFORMED_JSON, e.code());
        assertTrue(e.message(), e.message().contains("line 2, column 5"));
        assertEquals(2, e.details().get(0).line());
    }

    @Test
    public void aDocumentBreakingOnlyTreeRulesIsAnAdmissionErrorNamingRuleNodeAndField() {
        Violation v = new Violation(ViolationCode.GUARANTEE_ABOVE_PEAK, "a", "guaranteed", "guaranteed 2 Gb/s > peak 1 Gb/s");
        ConfigException rules = new ConfigException(List.of(ConfigException.Problem.rule("/trees/0/nodes/0/guaranteed", v)), 1);
        ApiError e = Errors.fromProblems(rules, null);
        assertEquals(ErrorCode.ADMISSION, e.code());
        assertEquals(v.message(), e.message());
        ErrorDetail d = e.details().get(0);
        assertEquals("GUARANTEE_ABOVE_PEAK", d.rule());
        assertEquals("a", d.node());
        assertEquals("guaranteed", d.field());
        assertEquals("/trees/0/nodes/0/guaranteed", d.pointer());
        ConfigException mixed = new ConfigException(List.of(rules.first(), new ConfigException.Problem("/b", "expected a number")), 2);
        assertEquals(ErrorCode.BAD_VALUE, Errors.fromProblems(mixed, null).code());
    }

    @Test
    public void serviceExceptionsMapToTheirCodes() {
        ApiError conflict = Errors.fromServiceException(new VersionConflictException(PortRef.of("d", 1), 3, 5));
        assertEquals(409, conflict.status());
        assertEquals(Long.valueOf(5), conflict.currentVersion());
        assertEquals(5, conflict.toJson().get("currentVersion").asLong());
        assertEquals(404, Errors.fromServiceException(new NotFoundException("x")).status());
        assertEquals(ErrorCode.BAD_VALUE, Errors.fromServiceException(new IllegalArgumentException("x")).code());
        assertNull(Errors.fromServiceException(new IllegalStateException("x")));
    }

    @Test
    public void theBodyHasTheContractShape() {
        JsonNode j = ApiError.of(ErrorCode.ADMISSION, "m", List.of(ErrorDetail.builder("d").pointer("/p").node("n").build())).toJson();
        assertEquals(422, j.get("error").get("status").asInt());
        assertEquals("admission", j.get("error").get("code").asText());
        assertEquals("/p", j.get("error").get("details").get(0).get("pointer").asText());
        assertTrue(!j.has("currentVersion"));
    }
}
