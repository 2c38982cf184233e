package org.hsdba.rest;

/** Request bodies the tests send: the two-level tree of the paper on port 3 of the fixture's device. */
final class Trees {

    private Trees() {
    }

    /** Subnets A (weight 1) and B (weight 2), hosts under each; 10 Gb/s, eta 1. */
    static final String TWO_LEVEL = "{\n"
            + "  \"device\": \"" + RestFixture.DEVICE + "\", \"port\": 3, \"capacity\": \"10G\", \"eta\": 1.0,\n"
            + "  \"levels\": [\n"
            + "    {\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},\n"
            + "    {\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}\n"
            + "  ],\n"
            + "  \"nodes\": [\n"
            + "    {\"id\": \"A\", \"key\": \"10.1.0.0/16\", \"weight\": 1},\n"
            + "    {\"id\": \"A1\", \"parent\": \"A\", \"key\": \"10.1.0.1\", \"weight\": 1},\n"
            + "    {\"id\": \"A2\", \"parent\": \"A\", \"key\": \"10.1.0.2\", \"weight\": 1},\n"
            + "    {\"id\": \"B\", \"key\": \"10.2.0.0/16\", \"weight\": 2},\n"
            + "    {\"id\": \"B1\", \"parent\": \"B\", \"key\": \"10.2.0.1\", \"weight\": 1}\n"
            + "  ]\n"
            + "}\n";

    /** Guaranteed rates: A 4G (A1 3G, A2 3G: 6G > 4G), B 7G: 11G > 10G at the port. Two violations. */
    static final String OVERSUBSCRIBED = "{\n"
            + "  \"capacity\": \"10G\", \"eta\": 1.0,\n"
            + "  \"levels\": [\n"
            + "    {\"name\": \"subnet\", \"field\": {\"offset\": 240, \"length\": 32}},\n"
            + "    {\"name\": \"host\", \"field\": {\"offset\": 240, \"length\": 32}}\n"
            + "  ],\n"
            + "  \"nodes\": [\n"
            + "    {\"id\": \"A\", \"key\": \"10.1.0.0/16\", \"guaranteed\": \"4G\"},\n"
            + "    {\"id\": \"A1\", \"parent\": \"A\", \"key\": \"10.1.0.1\", \"guaranteed\": \"3G\"},\n"
            + "    {\"id\": \"A2\", \"parent\": \"A\", \"key\": \"10.1.0.2\", \"guaranteed\": \"3G\"},\n"
            + "    {\"id\": \"B\", \"key\": \"10.2.0.0/16\", \"guaranteed\": \"7G\"}\n"
            + "  ]\n"
            + "}\n";
}
