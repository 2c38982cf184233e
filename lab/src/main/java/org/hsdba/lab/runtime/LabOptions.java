package org.hsdba.lab.runtime;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Objects;

import org.hsdba.pofswitch.control.StockProfile;

/** Everything {@code hsdba lab} is started with. Immutable; see {@link Builder} for the defaults. */
public final class LabOptions {

    public static final int DEFAULT_SWITCHES = 2;
    public static final int DEFAULT_HTTP_PORT = 8181;
    public static final int DEFAULT_POF_PORT = 6643;
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final String DEFAULT_DATA_DIR = "lab-data";
    public static final String DEFAULT_USER = "onos";
    public static final String DEFAULT_PASSWORD = "rocks";

    private final int switches;
    private final Path scenario;
    private final double scale;
    private final int httpPort;
    private final int pofPort;
    private final Path dataDir;
    private final String bind;
    private final String user;
    private final String password;
    private final boolean stockSwitches;
    private final StockProfile stockProfile;
    private final Duration statusInterval;

    private LabOptions(Builder b) {
        this.switches = b.switches;
        this.scenario = Objects.requireNonNull(b.scenario, "scenario file");
        this.scale = b.scale;
        this.httpPort = b.httpPort;
        this.pofPort = b.pofPort;
        this.dataDir = b.dataDir;
        this.bind = b.bind;
        this.user = b.user;
        this.password = b.password;
        this.stockSwitches = b.stockSwitches;
        this.stockProfile = b.stockProfile;
        this.statusInterval = b.statusInterval;
    }

    /** A builder with the defaults and {@code scenario} as the scenario file. */
    public static Builder builder(Path scenario) {
        return new Builder(scenario);
    }

    /** Reference switches started in the lab (device ids 1..n); 0 for none (real switches only). */
    public int switches() {
        return switches;
    }

    public Path scenario() {
        return scenario;
    }

    /** Factor applied to every rate of the scenario (traffic, and the configuration it seeds). */
    public double scale() {
        return scale;
    }

    /** HTTP port of the REST API and GUI; 0 for any free port. */
    public int httpPort() {
        return httpPort;
    }

    /** TCP port the POF adapter listens on for switches; 0 for any free port. */
    public int pofPort() {
        return pofPort;
    }

    /** Where the configuration is kept across restarts. */
    public Path dataDir() {
        return dataDir;
    }

    /** Address both servers bind to. */
    public String bind() {
        return bind;
    }

    public String user() {
        return user;
    }

    public String password() {
        return password;
    }

    /** True to start the lab's switches without the HSDBA extension (stock POFSwitch, controller-assisted). */
    public boolean stockSwitches() {
        return stockSwitches;
    }

    /** How the stock switches imitate POFSwitch 1.4.0 (resources and timing); default: its default build. */
    public StockProfile stockProfile() {
        return stockProfile;
    }

    /** How often a status line is printed; zero for never. */
    public Duration statusInterval() {
        return statusInterval;
    }

    /** Builder; every setter checks its value and says what is wrong. */
    public static final class Builder {
        private int switches = DEFAULT_SWITCHES;
        private Path scenario;
        private double scale = 1.0;
        private int httpPort = DEFAULT_HTTP_PORT;
        private int pofPort = DEFAULT_POF_PORT;
        private Path dataDir = Paths.get(DEFAULT_DATA_DIR);
        private String bind = DEFAULT_BIND;
        private String user = DEFAULT_USER;
        private String password = DEFAULT_PASSWORD;
        private boolean stockSwitches;
        private StockProfile stockProfile = StockProfile.POFSWITCH_DEFAULT_BUILD;
        private Duration statusInterval = Duration.ofSeconds(10);

        private Builder(Path scenario) {
            this.scenario = scenario;
        }

        public Builder switches(int n) {
            if (n < 0 || n > 1000) {
                throw new IllegalArgumentException("--switches must be in 0..1000, got " + n);
            }
            switches = n;
            return this;
        }

        public Builder scenario(Path p) {
            scenario = Objects.requireNonNull(p, "scenario");
            return this;
        }

        public Builder scale(double s) {
            if (!(s > 0) || Double.isInfinite(s)) {
                throw new IllegalArgumentException("--scale must be a number > 0, got " + s);
            }
            scale = s;
            return this;
        }

        public Builder httpPort(int p) {
            httpPort = port("--http-port", p);
            return this;
        }

        public Builder pofPort(int p) {
            pofPort = port("--pof-port", p);
            return this;
        }

        public Builder dataDir(Path d) {
            dataDir = Objects.requireNonNull(d, "data dir");
            return this;
        }

        public Builder bind(String address) {
            if (address == null || address.isBlank()) {
                throw new IllegalArgumentException("--bind needs an address, e.g. 127.0.0.1");
            }
            bind = address;
            return this;
        }

        public Builder credentials(String u, String p) {
            if (u == null || u.isEmpty() || u.contains(":")) {
                throw new IllegalArgumentException("--user must be a non-empty name without ':', got \"" + u + "\"");
            }
            if (p == null || p.isEmpty()) {
                throw new IllegalArgumentException("--password must not be empty");
            }
            user = u;
            password = p;
            return this;
        }

        public Builder stockProfile(StockProfile p) {
            stockProfile = Objects.requireNonNull(p, "stock profile");
            return this;
        }

        public Builder stockSwitches(boolean v) {
            stockSwitches = v;
            return this;
        }

        public Builder statusInterval(Duration d) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("--status must be >= 0 s, got " + d);
            }
            statusInterval = d;
            return this;
        }

        private static int port(String option, int p) {
            if (p < 0 || p > 65535) {
                throw new IllegalArgumentException(option + " must be in 0..65535 (0 = any free port), got " + p);
            }
            return p;
        }

        public LabOptions build() {
            return new LabOptions(this);
        }
    }
}
