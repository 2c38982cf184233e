package org.hsdba.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.hsdba.api.HsdbaParameters;
import org.hsdba.model.BandwidthTree;
import org.hsdba.model.HsdbaConfig;
import org.hsdba.model.json.ConfigJson;
import org.hsdba.model.json.ConfigTextWriter;

/**
 * The lab's store: a data directory with the configuration in the {@code hsdba/1} format
 * ({@value #CONFIG_FILE}, readable by every hsdba tool) and the service-only parameters (leaf
 * lifetime, mode preference incl. {@code auto}, join rate limit) in
 * {@value #SERVICE_FILE}. Every write replaces the files atomically and durably (see
 * {@link AtomicFiles}) before it is acknowledged, so the store survives kill -9; the configuration
 * file's content before the last write is kept as {@code hsdba-config.json.prev}, and a start-up
 * error about a configuration file that does not read names it. The service
 * file is written first and only when the parameters changed; the configuration file's runtime
 * part is what the service file is reconciled with on load. One process per directory.
 */
public final class FileHsdbaStore extends SnapshotStore {

    public static final String CONFIG_FILE = "hsdba-config.json";
    public static final String SERVICE_FILE = "hsdba-service.json";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Path configFile;
    private final Path serviceFile;
    /** Keeps the unchanged nodes' text from one persist to the next. */
    private final ConfigTextWriter configText = new ConfigTextWriter();
    private HsdbaParameters written;

    private FileHsdbaStore(Path dir, HsdbaConfig config, HsdbaParameters parameters) {
        super(config.trees(), parameters);
        this.configFile = dir.resolve(CONFIG_FILE);
        this.serviceFile = dir.resolve(SERVICE_FILE);
        this.written = Files.exists(serviceFile) ? parameters : null;
    }

    /**
     * Opens (creating it if needed) the store in {@code dir}. A configuration file that does not
     * read is an error naming the file, line and column: the store never starts from a guess.
     */
    public static FileHsdbaStore open(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create data directory " + dir + ": " + e.getMessage(), e);
        }
        Path config = dir.resolve(CONFIG_FILE);
        Path service = dir.resolve(SERVICE_FILE);
        HsdbaConfig cfg = HsdbaConfig.of(List.of());
        if (Files.exists(config)) {
            try {
                cfg = ConfigJson.read(config);
            } catch (org.hsdba.model.json.ConfigException e) {
                throw new IllegalArgumentException(e.describe(config.toString()) + recovery(config), e);
            }
        }
        HsdbaParameters params = HsdbaParameters.DEFAULTS;
        if (Files.exists(service)) {
            try {
                params = ParametersJson.fromJson(MAPPER.readTree(Files.readAllBytes(service)), params);
            } catch (IOException | IllegalArgumentException e) {
                throw new IllegalArgumentException(service + ": " + e.getMessage(), e);
            }
        }
        return new FileHsdbaStore(dir, cfg, params.withRuntime(cfg.runtime()));
    }

    /** How to go back after a corrupted configuration file: the copy kept before the last write. */
    private static String recovery(Path config) {
        Path prev = AtomicFiles.previous(config);
        return Files.exists(prev) ? "\nthe configuration before the last write is kept in " + prev
                + ": check it and copy it over " + config.getFileName() + " to start from it"
                : "\nno previous configuration is kept (" + prev + " does not exist)";
    }

    @Override
    void persist(List<BandwidthTree> trees, HsdbaParameters parameters) {
        if (!parameters.equals(written)) {
            try {
                AtomicFiles.write(serviceFile, MAPPER.writerWithDefaultPrettyPrinter()
                        .writeValueAsBytes(ParametersJson.toJson(parameters)));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException("cannot encode parameters: " + e.getMessage(), e);
            }
            written = parameters;
        }
        String text = configText.write(HsdbaConfig.of(parameters.toRuntime(), trees));
        AtomicFiles.writeKeepingPrevious(configFile, text.getBytes(StandardCharsets.UTF_8));
    }
}
