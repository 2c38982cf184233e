package org.hsdba.pofswitch.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.hsdba.pofswitch.datapath.DatapathConfig;

/**
 * How closely a stock switch (no HSDBA extension) imitates the real POFSwitch 1.4.0, as measured
 * on it (shared/pofswitch-1.4.0/README.md): its resources with and without its configuration
 * file, and the timing a controller sees. The COUNTER action counting packets but 0 bytes holds
 * in every profile (the datapath always does that).
 */
public enum StockProfile {
    /**
     * The default build run without {@code pofswitch_config.conf}: MM/LPM/EM/DT = 10/10/5/20
     * tables of 8000 entries, 160-bit keys, 256 meters, 128 groups; each COUNTER_REQUEST answered
     * 100 ms late; the first ECHO_REQUEST 1.0 s after HELLO.
     */
    POFSWITCH_DEFAULT_BUILD("default", "POFSwitch 1.4.0 default build without a config file"),
    /** With the shipped {@code pofswitch_config.conf}: 8/2/6/7 tables of 6000 entries, 320-bit keys; the same timing. */
    POFSWITCH_SHIPPED_CONFIG("shipped", "POFSwitch 1.4.0 with its shipped pofswitch_config.conf"),
    /** The shipped config's resources with no delays: what the reference switch did before it imitated the timing. */
    IDEAL("ideal", "shipped-config resources, no reply delays");

    /** POFSwitch's sleep before each COUNTER_REPLY. */
    public static final long COUNTER_REPLY_DELAY_MS = 100;
    /** POFSwitch's first ECHO_REQUEST after its HELLO. */
    public static final long FIRST_ECHO_MS = 1000;

    private final String optionName;
    private final String description;

    StockProfile(String optionName, String description) {
        this.optionName = optionName;
        this.description = description;
    }

    /** The name on command lines: default, shipped, ideal. */
    public String optionName() {
        return optionName;
    }

    public String description() {
        return description;
    }

    /** The profile named {@code name} (default, shipped, ideal); otherwise says which names exist. */
    public static StockProfile parse(String name) {
        for (StockProfile p : values()) {
            if (p.optionName.equals(name.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown POFSwitch profile \"" + name + "\"; one of "
                + Arrays.stream(values()).map(StockProfile::optionName).collect(Collectors.joining(", ")));
    }

    /** Sets the resources this profile reports (tables, entries, key length, meters, groups). */
    public DatapathConfig.Builder resources(DatapathConfig.Builder b) {
        if (this == POFSWITCH_DEFAULT_BUILD) {
            return b.tableCounts(10, 10, 5, 20).tableSize(8000).keyLengthBits(160).meterCount(256).groupCount(128);
        }
        return b.tableCounts(8, 2, 6, 7).tableSize(6000).keyLengthBits(320);
    }

    /** Sets the timing this profile shows the controller. */
    public ControlConfig.Builder timing(ControlConfig.Builder b) {
        if (this == IDEAL) {
            return b;
        }
        return b.counterReplyDelayMs(COUNTER_REPLY_DELAY_MS).firstEchoDelayMs(FIRST_ECHO_MS);
    }
}
