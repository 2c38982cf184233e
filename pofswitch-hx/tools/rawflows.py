#!/usr/bin/env python3
"""Raw Ethernet/IPv4/IPv6 UDP flows for data-path tests of a real switch (root, AF_PACKET).

  rawflows.py send IFACE SECONDS SIZE PATTERN DST_IP:PPS[:START:STOP] [...]
      paces every flow at its rate (frames of SIZE bytes, without FCS), from START to STOP s after
      the start (default: the whole run), and prints one JSON line {"sent": {dst: frames},
      "seconds": s, "late": s, "bins": {dst: [frames sent in each 0.5 s by the wall clock]},
      "late_bins": [worst lateness in each 0.5 s]}; "late" is how far behind its schedule the
      sender fell at worst (a loaded machine), after which it sends the missed frames as fast as
      it can: windows with lateness are not a paced offered load. PATTERN says what varies from frame
      to frame of a flow, or is a comma-separated list of patterns given to the flows in turn:
        inc   IPv4 identification 0, 1, 2, ... per flow; UDP checksum 0, zero payload
        rand  IPv4 identification uniform; UDP checksum 0, zero payload
        const IPv4 identification always 0 (what stacks send with DF set), a 32-bit sequence number
              at the start of the payload and the UDP checksum filled in, as a Linux UDP sender
              such as iperf3 sends
        same  every frame of the flow identical: identification 0, UDP checksum 0, zero payload
              (the worst case: nothing varies)
        v6    IPv6 UDP with a sequence number and the UDP checksum; the flow's IPv4 "destination"
              is carried in frame bytes 30..33 (bytes 8..11 of the IPv6 source address), where an
              IPv4 frame has its destination, so a tree keyed on those bits classifies both
  rawflows.py recv IFACE TIMEOUT FROM TO [BIN]
      counts the IPv4 and IPv6 frames that arrive on IFACE per destination (frame bytes 30..33,
      written as an IPv4 address) and prints one JSON line
      {"bytes": {dst: n}, "frames": {dst: n}, "seconds": TO - FROM} (with BIN also
      "bins": {dst: [bytes in each BIN-second interval from 0 to TO]}) for arrivals between FROM and
      TO seconds after the first IPv4 frame (so the sender's start-up does not shift the window;
      the warm-up before FROM is left out); it stops at TO, or TIMEOUT s after its own start.
      "drops" is what the kernel dropped for this socket (receive buffer full, i.e. the receiver
      was starved; the socket has a 16 MB buffer), with BIN also per bin ("drop_bins").

Frame lengths are counted as the switch counts them: from the Ethernet header on, without FCS.
"""
import json
import random
import socket
import struct
import sys
import time

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4
SEND_BIN = 0.5
SOL_PACKET = 263
PACKET_STATISTICS = 6
SO_RCVBUFFORCE = 33


def checksum(header):
    s = sum(struct.unpack("!10H", header))
    s = (s & 0xFFFF) + (s >> 16)
    s = (s & 0xFFFF) + (s >> 16)
    return (~s) & 0xFFFF


PATTERNS = ("const", "inc", "rand", "same", "v6")
ETH = b"\x02\x00\x00\x00\x00\x02" + b"\x02\x00\x00\x00\x00\x01"


def ones_sum(data):
    if len(data) % 2:
        data += b"\x00"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return s


def udp_checksum(pseudo, udp):
    c = (~ones_sum(pseudo + udp)) & 0xFFFF
    return c or 0xFFFF  # 0 means "no checksum" (IPv4) or is invalid (IPv6): RFC 768 sends all ones


def frame(dst, ident, size, seq=None):
    """IPv4 UDP; with seq, a 32-bit sequence number opens the payload and the UDP checksum is set."""
    ip_len = size - 14
    src = socket.inet_aton("10.254.0.1")
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, ip_len, ident, 0, 64, 17, 0, src, socket.inet_aton(dst))
    ip = ip[:10] + struct.pack("!H", checksum(ip)) + ip[12:]
    payload = bytes(size - 14 - 28) if seq is None else struct.pack("!I", seq & 0xFFFFFFFF) + bytes(size - 14 - 28 - 4)
    udp = struct.pack("!HHHH", 5001, 5001, ip_len - 20, 0) + payload
    if seq is not None:
        pseudo = src + socket.inet_aton(dst) + struct.pack("!BBH", 0, 17, ip_len - 20)
        udp = udp[:6] + struct.pack("!H", udp_checksum(pseudo, udp)) + udp[8:]
    return ETH + b"\x08\x00" + ip + udp


def frame6(dst, seq, size):
    """IPv6 UDP whose frame bytes 30..33 hold dst (see the module text), sequence number and checksum set."""
    plen = size - 54
    src = bytes.fromhex("fd000000000000fe") + socket.inet_aton(dst) + bytes.fromhex("00000001")
    dst6 = bytes.fromhex("fd0000000000000000000000000000ff")
    ip = struct.pack("!IHBB", 6 << 28, plen, 17, 64) + src + dst6
    udp = struct.pack("!HHHH", 5001, 5001, plen, 0) + struct.pack("!I", seq & 0xFFFFFFFF) + bytes(plen - 12)
    pseudo = src + dst6 + struct.pack("!IxxxB", plen, 17)
    udp = udp[:6] + struct.pack("!H", udp_checksum(pseudo, udp)) + udp[8:]
    return ETH + b"\x86\xdd" + ip + udp


def next_frame(pattern, dst, count, size, rng):
    """The count-th frame (from 0) of a flow to dst with the given pattern."""
    if pattern == "inc":
        return frame(dst, count & 0xFFFF, size)
    if pattern == "rand":
        return frame(dst, rng.getrandbits(16), size)
    if pattern == "const":
        return frame(dst, 0, size, count)
    if pattern == "same":
        return frame(dst, 0, size)
    return frame6(dst, count, size)


def send(iface, seconds, size, patterns, flows):
    if size < 64 or size > 1514:
        sys.exit("frame size %d outside 64..1514" % size)
    if "v6" in patterns and size < 66:
        sys.exit("frame size %d: IPv6 UDP with a sequence number needs 66 bytes at least" % size)
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    s.bind((iface, 0))
    rng = random.Random()
    # One schedule over all flows: each flow's next departure time, earliest first.
    nexts = [(flows[i][2], i) for i in range(len(flows))]
    sent = [0] * len(flows)
    bins = [[0] * (int(seconds / SEND_BIN) + 1) for _ in flows]
    late = 0.0
    late_bins = [0.0] * (int(seconds / SEND_BIN) + 1)
    start = time.perf_counter()
    while True:
        nexts.sort()
        due, i = nexts[0]
        if due >= seconds:
            break
        now = time.perf_counter() - start
        if due > now:
            time.sleep(min(due - now, 0.001))
            continue
        dst, pps, _, stop = flows[i]
        if due >= stop:
            nexts[0] = (float("inf"), i)
            continue
        s.send(next_frame(patterns[i % len(patterns)], dst, sent[i], size, rng))
        sent[i] += 1
        late = max(late, now - due)
        b = min(int(now / SEND_BIN), len(bins[i]) - 1)
        bins[i][b] += 1
        late_bins[b] = max(late_bins[b], now - due)
        nexts[0] = (due + 1.0 / pps, i)
    print(json.dumps({"sent": {flows[i][0]: sent[i] for i in range(len(flows))},
                      "seconds": time.perf_counter() - start, "late": late,
                      "bins": {flows[i][0]: bins[i] for i in range(len(flows))}, "late_bins": late_bins}))


def dropped(s):
    """Frames the kernel dropped for socket s since the last call (PACKET_STATISTICS resets on read)."""
    packets, drops = struct.unpack("II", s.getsockopt(SOL_PACKET, PACKET_STATISTICS, 8))
    return drops


def recv(iface, timeout, t_from, t_to, t_bin=None):
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 16 << 20)
    s.bind((iface, 0))
    s.settimeout(0.1)
    counts, frames, bins = {}, {}, {}
    nbins = int(t_to / t_bin + 0.5) if t_bin else 0
    drop_bins = [0] * max(nbins, 1)
    drops = 0
    checked = 0.0
    start = time.perf_counter()
    first = None
    print(json.dumps({"ready": True}), flush=True)
    while True:
        now = time.perf_counter()
        if now - checked >= 0.05:
            checked = now
            d = dropped(s)
            drops += d
            if d and first is not None and t_bin:
                drop_bins[min(int((now - first) / t_bin), nbins - 1)] += d
        if now - start >= timeout or (first is not None and now - first >= t_to):
            break
        try:
            data, addr = s.recvfrom(65535)
        except socket.timeout:
            continue
        now = time.perf_counter()
        if addr[2] == PACKET_OUTGOING or len(data) < 34 or data[12:14] not in (b"\x08\x00", b"\x86\xdd"):
            continue
        if first is None:
            first = now
        dst = socket.inet_ntoa(data[30:34])
        if t_bin and now - first < t_to:
            b = bins.setdefault(dst, [0] * nbins)
            b[min(int((now - first) / t_bin), nbins - 1)] += len(data)
        if t_from <= now - first < t_to:
            counts[dst] = counts.get(dst, 0) + len(data)
            frames[dst] = frames.get(dst, 0) + 1
    drops += dropped(s)
    out = {"bytes": counts, "frames": frames, "seconds": t_to - t_from, "drops": drops}
    if t_bin:
        out["bins"] = bins
        out["drop_bins"] = drop_bins
    print(json.dumps(out), flush=True)


def main(argv):
    if len(argv) >= 6 and argv[0] == "send":
        flows = []
        for f in argv[5:]:
            parts = f.split(":")
            start, stop = (float(parts[2]), float(parts[3])) if len(parts) == 4 else (0.0, float("inf"))
            flows.append((parts[0], float(parts[1]), start, stop))
        patterns = argv[4].split(",")
        for p in patterns:
            if p not in PATTERNS:
                sys.exit("pattern %r: each must be one of %s" % (p, ", ".join(PATTERNS)))
        send(argv[1], float(argv[2]), int(argv[3]), patterns, flows)
    elif len(argv) in (5, 6) and argv[0] == "recv":
        recv(argv[1], float(argv[2]), float(argv[3]), float(argv[4]), float(argv[5]) if len(argv) == 6 else None)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
