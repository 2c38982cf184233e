package org.hsdba.rest;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.hsdba.impl.HsdbaManager;
import org.hsdba.impl.TimeSource;
import org.hsdba.impl.program.ProgramCompiler;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchListener;
import org.hsdba.southbound.PofSwitchService;
import org.hsdba.store.InMemoryHsdbaStore;

/** The real service as the REST tests use it: G's manager on an in-memory store, with no switches. */
public final class LabService implements AutoCloseable {

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "hsdba-test-control");
        t.setDaemon(true);
        return t;
    });
    private final HsdbaManager manager;
    /** Devices another (imagined) cluster instance masters: their live state is not read here. */
    private final Set<String> mastersElsewhere = ConcurrentHashMap.newKeySet();

    public LabService() {
        ProgramCompiler noCompiler = (trees, sw, mode, parameters) -> {
            throw new IllegalStateException("no switch is connected in the REST tests");
        };
        manager = new HsdbaManager(new InMemoryHsdbaStore(), new NoSwitches(), noCompiler, scheduler,
                TimeSource.SYSTEM, deviceId -> !mastersElsewhere.contains(deviceId));
        manager.start();
    }

    public HsdbaManager manager() {
        return manager;
    }

    /** Pretends another cluster instance is (true) or is no longer (false) the device's master. */
    public void masterElsewhere(String deviceId, boolean elsewhere) {
        if (elsewhere) {
            mastersElsewhere.add(deviceId);
        } else {
            mastersElsewhere.remove(deviceId);
        }
    }

    @Override
    public void close() {
        manager.stop();
        scheduler.shutdownNow();
    }

    /** A POF adapter with nothing connected. */
    private static final class NoSwitches implements PofSwitchService {
        @Override
        public Collection<PofSwitch> switches() {
            return List.of();
        }

        @Override
        public Optional<PofSwitch> getSwitch(long deviceId) {
            return Optional.empty();
        }

        @Override
        public void addListener(PofSwitchListener listener) {
        }

        @Override
        public void removeListener(PofSwitchListener listener) {
        }
    }
}
