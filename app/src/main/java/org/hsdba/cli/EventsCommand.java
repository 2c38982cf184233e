package org.hsdba.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.hsdba.api.HsdbaEvent;

/** Shows recent events, oldest first. */
@Service
@Command(scope = "onos", name = "hsdba-events", description = "Shows recent hsdba events (switches, joins, prunes, errors), oldest first")
public class EventsCommand extends HsdbaCommand {

    @Option(name = "--limit", aliases = "-n", description = "How many of the latest events")
    int limit = 50;

    @Override
    void run() {
        List<HsdbaEvent> events = new ArrayList<>(service().events(limit));
        Collections.reverse(events);
        if (json()) {
            printJson(CliJson.events(events));
        } else {
            events.forEach(e -> print("%s", CliFormat.eventLine(e)));
        }
    }
}
