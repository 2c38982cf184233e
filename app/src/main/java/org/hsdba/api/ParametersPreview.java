package org.hsdba.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What setting run-time parameters would do to the connected switches, before it is done: per
 * device, nothing, a change in place (the messages it takes, the session kept), or a reprogram
 * (the session closed, the switch reconnects and is reinstalled: no enforcement meanwhile, about
 * {@link Device#gapSeconds()}). Immutable.
 */
public final class ParametersPreview {

    /**
     * POFSwitch 1.4.0 (and the lab's reference switches) connect again about a second after their
     * session ends: the part of a reprogram's gap the controller cannot measure beforehand.
     */
    public static final double RECONNECT_SECONDS = 1.0;

    /** What the parameters do to one switch. */
    public enum Change {
        /** Nothing reaches the switch (the manager's own timers and limits, or nothing changed). */
        NONE("none"),
        /** Entries and blocks rewritten in place; session, tables, counters and state kept. */
        IN_PLACE("in-place"),
        /** The device's enforcement mode changes: the switch is wiped and programmed again. */
        REPROGRAM("reprogram"),
        /** The switch's program cannot take them (the reason says why); setting them shows the error. */
        REFUSED("refused");

        private final String jsonName;

        Change(String jsonName) {
            this.jsonName = jsonName;
        }

        public String jsonName() {
            return jsonName;
        }
    }

    /** One connected switch. */
    public static final class Device {
        private final String id;
        private final Change change;
        private final DeviceMode modeBefore;
        private final DeviceMode modeAfter;
        private final int messages;
        private final double gapSeconds;
        private final String detail;

        /**
         * @param modeAfter null if the parameters' mode cannot be met on this switch
         * @param gapSeconds the estimated time without enforcement of a reprogram (0 otherwise)
         */
        public Device(String id, Change change, DeviceMode modeBefore, DeviceMode modeAfter, int messages,
                      double gapSeconds, String detail) {
            this.id = Objects.requireNonNull(id, "id");
            this.change = Objects.requireNonNull(change, "change");
            this.modeBefore = Objects.requireNonNull(modeBefore, "modeBefore");
            this.modeAfter = modeAfter;
            this.messages = messages;
            this.gapSeconds = gapSeconds;
            this.detail = Objects.requireNonNull(detail, "detail");
        }

        public String id() {
            return id;
        }

        public Change change() {
            return change;
        }

        public DeviceMode modeBefore() {
            return modeBefore;
        }

        public Optional<DeviceMode> modeAfter() {
            return Optional.ofNullable(modeAfter);
        }

        /** Messages an in-place change sends (FLOW_MOD MODIFYs, block redefinitions); 0 otherwise. */
        public int messages() {
            return messages;
        }

        /** About how long a reprogram leaves the switch without enforcement, seconds; 0 unless a reprogram. */
        public double gapSeconds() {
            return gapSeconds;
        }

        /** What happens and why, one sentence. */
        public String detail() {
            return detail;
        }
    }

    private final HsdbaParameters parameters;
    private final List<Device> devices;

    public ParametersPreview(HsdbaParameters parameters, List<Device> devices) {
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        this.devices = List.copyOf(devices);
    }

    /** The parameters as they would be set. */
    public HsdbaParameters parameters() {
        return parameters;
    }

    /** The connected switches, by id. */
    public List<Device> devices() {
        return devices;
    }

    /** Switches that would be reprogrammed. */
    public List<Device> reprogrammed() {
        return devices.stream().filter(d -> d.change == Change.REPROGRAM).collect(Collectors.toList());
    }

    /** The longest estimated enforcement gap of a reprogrammed switch, seconds (0 if none is). */
    public double gapSeconds() {
        return reprogrammed().stream().mapToDouble(Device::gapSeconds).max().orElse(0);
    }

    /** What an operator should know before applying, one line. */
    public String summary() {
        List<String> parts = new ArrayList<>();
        List<Device> re = reprogrammed();
        if (!re.isEmpty()) {
            parts.add(String.format("needs a reprogram of %d switch%s (%s): about %.1f s without enforcement"
                            + " while the session is closed and the switch reconnects and is reinstalled",
                    re.size(), re.size() == 1 ? "" : "es",
                    re.stream().map(Device::id).collect(Collectors.joining(", ")), gapSeconds()));
        }
        List<Device> inPlace = devices.stream().filter(d -> d.change == Change.IN_PLACE).collect(Collectors.toList());
        if (!inPlace.isEmpty()) {
            parts.add(String.format("applied in place on %d switch%s (%d messages, sessions and state kept)",
                    inPlace.size(), inPlace.size() == 1 ? "" : "es", inPlace.stream().mapToInt(Device::messages).sum()));
        }
        devices.stream().filter(d -> d.change == Change.REFUSED).forEach(d -> parts.add(d.id + ": " + d.detail));
        return parts.isEmpty() ? "no switch is affected: nothing is sent to any switch" : String.join("; ", parts);
    }
}
