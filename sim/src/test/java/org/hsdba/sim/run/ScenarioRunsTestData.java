package org.hsdba.sim.run;

/** A small scenario file shared by the run tests. */
final class ScenarioRunsTestData {

    /** Two users under one port, 100 Mb/s, weights 1:3; u1 sends alone for 2 s, then both for 2 s. */
    static final String SCENARIO = "{\"format\": \"hsdba-scenario/1\", \"description\": \"two users 1:3\","
            + " \"config\": {\"format\": \"hsdba/1\", \"runtime\": {\"idleTimeout\": \"100ms\"}, \"trees\": [{"
            + "  \"device\": \"pof:0000000000000001\", \"port\": 3, \"capacity\": \"100 Mb/s\", \"eta\": 1.0,"
            + "  \"levels\": [{\"name\": \"user\", \"field\": {\"offset\": 240, \"length\": 32}}],"
            + "  \"nodes\": [{\"id\": \"u1\", \"key\": \"10.0.0.1\", \"weight\": 1},"
            + "            {\"id\": \"u2\", \"key\": \"10.0.0.2\", \"weight\": 3}]}]},"
            + " \"sources\": ["
            + "  {\"id\": \"a\", \"node\": \"u1\", \"rate\": \"80 Mb/s\", \"packetSize\": 1000, \"distribution\": \"cbr\","
            + "   \"active\": [[0, 4]]},"
            + "  {\"id\": \"b\", \"node\": \"u2\", \"rate\": \"90 Mb/s\", \"packetSize\": 1500, \"distribution\": \"poisson\","
            + "   \"active\": [[2, 4]]}],"
            + " \"run\": {\"duration\": 4, \"estimator\": {\"type\": \"ewma\", \"k\": \"10ms\"}, \"seed\": 3,"
            + "  \"mode\": \"in-switch\", \"bin\": 0.1}}";

    private ScenarioRunsTestData() {
    }
}
