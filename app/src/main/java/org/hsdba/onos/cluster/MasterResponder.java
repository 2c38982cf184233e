package org.hsdba.onos.cluster;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.hsdba.api.HsdbaService;
import org.hsdba.api.PortState;
import org.hsdba.model.PortRef;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master's side: answers other instances' {@link LiveQuery live queries} with this instance's
 * own figures (the manager's, never asking further, so that two instances that disagree about
 * mastership cannot bounce a query between them). An instance that does not program the device
 * says so rather than send figures that are not readings.
 */
public final class MasterResponder {

    private static final Logger LOG = LoggerFactory.getLogger(MasterResponder.class);

    private final HsdbaService local;
    private final Predicate<String> programsHere;

    /**
     * @param local this instance's own service (the manager)
     * @param programsHere whether this instance programs (and reads) a device
     */
    public MasterResponder(HsdbaService local, Predicate<String> programsHere) {
        this.local = Objects.requireNonNull(local, "local");
        this.programsHere = Objects.requireNonNull(programsHere, "programsHere");
    }

    /** Answers queries on {@link MasterClient#SUBJECT}, on the executor. */
    public void start(ClusterCommunicationService cluster, Executor executor) {
        cluster.addSubscriber(MasterClient.SUBJECT, LiveWire::decodeQuery, this::answer, Function.identity(), executor);
    }

    public void stop(ClusterCommunicationService cluster) {
        cluster.removeSubscriber(MasterClient.SUBJECT);
    }

    /** The encoded answer to one query. */
    byte[] answer(LiveQuery q) {
        PortRef port = q.port().orElse(null);
        switch (q.kind()) {
            case STATE:
                return LiveWire.encodeState(answer(q, () -> readingOrNull(local.state(port))));
            case HISTORY:
                return LiveWire.encodeHistory(answer(q, () -> local.history(port, q.nodeId().orElseThrow())));
            default:
                return LiveWire.encodeDevice(answer(q, () -> local.device(q.deviceId())));
        }
    }

    /** Null (not master) if the manager itself does not count this state as a reading. */
    private static PortState readingOrNull(PortState s) {
        return s.isMasterElsewhere() ? null : s;
    }

    private <T> MasterAnswer<T> answer(LiveQuery q, Supplier<T> figures) {
        if (!programsHere.test(q.deviceId())) {
            return MasterAnswer.notMaster();
        }
        try {
            T value = figures.get();
            return value == null ? MasterAnswer.notMaster() : MasterAnswer.of(value);
        } catch (RuntimeException e) {
            // e.g. the tree was removed between the asker's check and ours: the asker shows its own
            LOG.debug("answering {} failed", q, e);
            return MasterAnswer.failed(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }
}
