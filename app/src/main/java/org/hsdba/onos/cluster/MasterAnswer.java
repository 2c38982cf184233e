package org.hsdba.onos.cluster;

import java.util.Objects;
import java.util.Optional;

/**
 * A master's answer to a {@link LiveQuery}: the figures, or why there are none (the instance is
 * not the device's master after all, or answering failed there). Immutable.
 *
 * @param <T> the figures: {@code PortState}, {@code List<HistorySample>} or {@code Optional<DeviceStatus>}
 */
final class MasterAnswer<T> {

    enum Status {
        OK, NOT_MASTER, FAILED
    }

    private final Status status;
    private final T value;
    private final String detail;

    private MasterAnswer(Status status, T value, String detail) {
        this.status = status;
        this.value = value;
        this.detail = detail;
    }

    static <T> MasterAnswer<T> of(T value) {
        return new MasterAnswer<>(Status.OK, Objects.requireNonNull(value, "value"), "");
    }

    static <T> MasterAnswer<T> notMaster() {
        return new MasterAnswer<>(Status.NOT_MASTER, null, "");
    }

    static <T> MasterAnswer<T> failed(String detail) {
        return new MasterAnswer<>(Status.FAILED, null, Objects.requireNonNull(detail, "detail"));
    }

    Status status() {
        return status;
    }

    /** The figures if {@link Status#OK}. */
    Optional<T> value() {
        return Optional.ofNullable(value);
    }

    /** Why answering failed ({@link Status#FAILED}); empty otherwise. */
    String detail() {
        return detail;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MasterAnswer)) {
            return false;
        }
        MasterAnswer<?> a = (MasterAnswer<?>) o;
        return a.status == status && Objects.equals(a.value, value) && a.detail.equals(detail);
    }

    @Override
    public int hashCode() {
        return Objects.hash(status, value, detail);
    }

    @Override
    public String toString() {
        return status == Status.OK ? "OK " + value : status + (detail.isEmpty() ? "" : ": " + detail);
    }
}
