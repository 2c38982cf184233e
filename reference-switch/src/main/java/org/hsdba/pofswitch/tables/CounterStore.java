package org.hsdba.pofswitch.tables;

import java.util.Map;
import java.util.TreeMap;
import org.hsdba.pof.message.ErrorType;
import org.hsdba.pofswitch.error.SwitchError;

/**
 * POFSwitch's counters: id 0 means "none", ids must be below the configured count, a counter is
 * created on first use (COUNTER_MOD ADD, an entry's counter_id, or an increment), holds packets and
 * bytes. (POFSwitch dereferences NULL when a COUNTER action names a missing counter; here it is
 * created instead.) Thread-safe: packets of different trees count at the same time.
 */
public final class CounterStore {
    private final long max;
    private final Map<Long, long[]> counters = new TreeMap<>();

    public CounterStore(long max) {
        this.max = max;
    }

    private static SwitchError badId(long id, long max) {
        return SwitchError.of(ErrorType.COUNTER_MOD_FAILED, 1, "POFCMFC_BAD_COUNTER_ID",
                "counter id " + id + " is not below the counter count " + max);
    }

    private static SwitchError missing(long id) {
        return SwitchError.of(ErrorType.COUNTER_MOD_FAILED, 3, "POFCMFC_COUNTER_UNEXIST", "counter " + id
                + " does not exist");
    }

    /** Creates the counter if missing (poflr_counter_init); id 0 does nothing. */
    public synchronized void init(long id) throws SwitchError {
        if (id == 0) {
            return;
        }
        if (id >= max) {
            throw badId(id, max);
        }
        counters.putIfAbsent(id, new long[2]);
    }

    /** Deletes a counter; id 0 does nothing. */
    public synchronized void delete(long id) throws SwitchError {
        if (id == 0) {
            return;
        }
        if (id >= max) {
            throw badId(id, max);
        }
        if (counters.remove(id) == null) {
            throw missing(id);
        }
    }

    /** Zeroes a counter; id 0 does nothing. */
    public synchronized void clear(long id) throws SwitchError {
        if (id == 0) {
            return;
        }
        if (id >= max) {
            throw badId(id, max);
        }
        long[] c = counters.get(id);
        if (c == null) {
            throw missing(id);
        }
        c[0] = 0;
        c[1] = 0;
    }

    /** {packets, bytes} of an existing counter for COUNTER_REQUEST (id 0 is an error there). */
    public synchronized long[] read(long id) throws SwitchError {
        if (id == 0 || id >= max) {
            throw badId(id, max);
        }
        long[] c = counters.get(id);
        if (c == null) {
            throw missing(id);
        }
        return c.clone();
    }

    /** Adds a packet of {@code bytes}; id 0 does nothing. */
    public synchronized void increment(long id, long bytes) throws SwitchError {
        if (id == 0) {
            return;
        }
        if (id >= max) {
            throw badId(id, max);
        }
        long[] c = counters.computeIfAbsent(id, k -> new long[2]);
        c[0]++;
        c[1] += bytes;
    }

    /** All counters, by id: {packets, bytes} copies. */
    public synchronized Map<Long, long[]> snapshot() {
        Map<Long, long[]> out = new TreeMap<>();
        counters.forEach((k, v) -> out.put(k, v.clone()));
        return out;
    }

    public synchronized void clearAll() {
        counters.clear();
    }
}
