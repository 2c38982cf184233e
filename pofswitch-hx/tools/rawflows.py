#!/usr/bin/env python3
"""Raw Ethernet/IPv4/UDP flows for data-path tests of a real switch (root, AF_PACKET).

  rawflows.py send IFACE SECONDS SIZE PATTERN DST_IP:PPS [DST_IP:PPS ...]
      paces every flow at its rate (frames of SIZE bytes, without FCS) and prints one JSON line
      {"sent": {dst: frames}, "seconds": s}. PATTERN sets the IPv4 identification per flow:
      const (always 0, as stacks send with DF set), inc (0, 1, 2, ... per flow), rand (uniform).
  rawflows.py recv IFACE TIMEOUT FROM TO
      counts the IPv4 frames that arrive on IFACE per destination and prints one JSON line
      {"bytes": {dst: n}, "frames": {dst: n}, "seconds": TO - FROM} for arrivals between FROM and
      TO seconds after the first IPv4 frame (so the sender's start-up does not shift the window;
      the warm-up before FROM is left out); it stops at TO, or TIMEOUT s after its own start.

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


def checksum(header):
    s = sum(struct.unpack("!10H", header))
    s = (s & 0xFFFF) + (s >> 16)
    s = (s & 0xFFFF) + (s >> 16)
    return (~s) & 0xFFFF


def frame(dst, ident, size):
    ip_len = size - 14
    src = socket.inet_aton("10.254.0.1")
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, ip_len, ident, 0, 64, 17, 0, src, socket.inet_aton(dst))
    ip = ip[:10] + struct.pack("!H", checksum(ip)) + ip[12:]
    udp = struct.pack("!HHHH", 5001, 5001, ip_len - 20, 0)
    eth = b"\x02\x00\x00\x00\x00\x02" + b"\x02\x00\x00\x00\x00\x01" + b"\x08\x00"
    return eth + ip + udp + bytes(size - 14 - 28)


def send(iface, seconds, size, pattern, flows):
    if size < 64 or size > 1514:
        sys.exit("frame size %d outside 64..1514" % size)
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    s.bind((iface, 0))
    rng = random.Random()
    # One schedule over all flows: each flow's next departure time, earliest first.
    nexts = [(0.0, i) for i in range(len(flows))]
    idents = [0] * len(flows)
    sent = [0] * len(flows)
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
        dst, pps = flows[i]
        if pattern == "const":
            ident = 0
        elif pattern == "inc":
            ident = idents[i]
            idents[i] = (ident + 1) & 0xFFFF
        else:
            ident = rng.getrandbits(16)
        s.send(frame(dst, ident, size))
        sent[i] += 1
        nexts[0] = (due + 1.0 / pps, i)
    print(json.dumps({"sent": {flows[i][0]: sent[i] for i in range(len(flows))},
                      "seconds": time.perf_counter() - start}))


def recv(iface, timeout, t_from, t_to):
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.bind((iface, 0))
    s.settimeout(0.1)
    counts, frames = {}, {}
    start = time.perf_counter()
    first = None
    print(json.dumps({"ready": True}), flush=True)
    while True:
        now = time.perf_counter()
        if now - start >= timeout or (first is not None and now - first >= t_to):
            break
        try:
            data, addr = s.recvfrom(65535)
        except socket.timeout:
            continue
        now = time.perf_counter()
        if addr[2] == PACKET_OUTGOING or len(data) < 34 or data[12:14] != b"\x08\x00":
            continue
        if first is None:
            first = now
        if t_from <= now - first < t_to:
            dst = socket.inet_ntoa(data[30:34])
            counts[dst] = counts.get(dst, 0) + len(data)
            frames[dst] = frames.get(dst, 0) + 1
    print(json.dumps({"bytes": counts, "frames": frames, "seconds": t_to - t_from}), flush=True)


def main(argv):
    if len(argv) >= 6 and argv[0] == "send":
        flows = []
        for f in argv[5:]:
            dst, pps = f.split(":")
            flows.append((dst, float(pps)))
        if argv[4] not in ("const", "inc", "rand"):
            sys.exit("pattern must be const, inc or rand, not " + argv[4])
        send(argv[1], float(argv[2]), int(argv[3]), argv[4], flows)
    elif len(argv) == 5 and argv[0] == "recv":
        recv(argv[1], float(argv[2]), float(argv[3]), float(argv[4]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
