package org.hsdba.pofswitch.upstream;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The frames POFSwitch's kernel packet sockets dropped before its program saw them, read from
 * {@code ss -0 -m -p -e -n} (the socket memory counter {@code d}). One reading for the lab's hosts
 * report and the data-path tests alike. POFSwitch opens more than one socket per port and reads
 * only one: stock leaves the others unread (they fill up, then drop every frame), the hx build opens
 * them with protocol 0 ({@code [0]:iface}: they receive nothing). So sockets with protocol 0 are
 * left out, and of the others the one the data path reads is the one that dropped least.
 */
public final class PacketSocketDrops {

    private static final Pattern INODE = Pattern.compile("\\bino:(\\d+)");
    private static final Pattern DROPS = Pattern.compile("skmem:\\([^)]*\\bd(\\d+)\\)");

    private PacketSocketDrops() {
    }

    /** The {@code ss} command line whose output {@link #of} reads. */
    public static List<String> command() {
        return List.of("ss", "-0", "-m", "-p", "-e", "-n");
    }

    /**
     * Drop counters by socket inode of process {@code pid}'s packet sockets bound to {@code iface}
     * with a protocol, from {@link #command()}'s output (one or two lines per socket: {@code ss}
     * puts the extended fields on an indented line when its output is not a terminal).
     */
    public static Map<Long, Long> of(String ss, long pid, String iface) {
        Map<Long, Long> drops = new HashMap<>();
        String owner = "pid=" + pid + ",";
        String bound = ":" + iface + " ";
        StringBuilder record = new StringBuilder();
        for (String line : (ss + "\n").split("\n", -1)) {
            if (!line.isEmpty() && Character.isWhitespace(line.charAt(0))) {
                record.append(' ').append(line.trim());
                continue;
            }
            String r = record.toString();
            if (r.startsWith("p_") && r.contains(owner) && r.contains(bound) && !r.contains("[0]" + bound)) {
                Matcher ino = INODE.matcher(r);
                Matcher d = DROPS.matcher(r);
                if (ino.find() && d.find()) {
                    drops.put(Long.valueOf(ino.group(1)), Long.valueOf(d.group(1)));
                }
            }
            record.setLength(0);
            record.append(line);
        }
        return drops;
    }

    /**
     * Frames the data path's socket dropped between two readings of {@link #of}: the smallest
     * increase over the sockets in both (the read socket drops only while its thread is starved,
     * the unread ones drop everything); -1 when no socket is in both.
     */
    public static long dataPathDrops(Map<Long, Long> before, Map<Long, Long> after) {
        long min = Long.MAX_VALUE;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            Long b = before.get(e.getKey());
            if (b != null) {
                min = Math.min(min, e.getValue() - b);
            }
        }
        return min == Long.MAX_VALUE ? -1 : min;
    }

    /** {@link #dataPathDrops(Map, Map)} since the sockets were opened (their counters start at 0); -1 when none. */
    public static long dataPathDrops(Map<Long, Long> sinceOpened) {
        return sinceOpened.values().stream().mapToLong(Long::longValue).min().orElse(-1);
    }
}
