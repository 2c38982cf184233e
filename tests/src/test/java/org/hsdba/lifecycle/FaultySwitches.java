package org.hsdba.lifecycle;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.hsdba.pof.message.FlowMod;
import org.hsdba.pof.message.FlowModCommand;
import org.hsdba.pof.message.PofMessage;
import org.hsdba.pof.table.TableType;
import org.hsdba.southbound.PofSwitch;
import org.hsdba.southbound.PofSwitchService;

/**
 * The real adapter with a fault switch: while armed, the next batch the manager sends gets one
 * extra FLOW_MOD into a table the program never created, which the real switch answers with an
 * ERROR. Everything else passes through unchanged, and every message the manager sends is
 * recorded ({@link #sent}).
 */
final class FaultySwitches extends ForwardingSwitchService {

    /** MM table the compiled programs do not use. */
    static final int MISSING_TABLE = 7;

    final AtomicInteger armed = new AtomicInteger();
    /** Every message the manager sent, in order. */
    final List<PofMessage> sent = new CopyOnWriteArrayList<>();

    FaultySwitches(PofSwitchService real) {
        super(real);
    }

    @Override
    protected PofSwitch decorate(PofSwitch session) {
        return new Faulty(session);
    }

    /** A session whose send may carry one bad FLOW_MOD. */
    private final class Faulty extends ForwardingPofSwitch {

        Faulty(PofSwitch sw) {
            super(sw);
        }

        @Override
        public CompletableFuture<Void> send(List<? extends PofMessage> messages) {
            sent.addAll(messages);
            if (!messages.isEmpty() && armed.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                List<PofMessage> bad = new ArrayList<>(messages);
                bad.add(FlowMod.builder().command(FlowModCommand.ADD).table(TableType.MM, MISSING_TABLE).index(0).build());
                return super.send(bad);
            }
            return super.send(messages);
        }
    }
}
