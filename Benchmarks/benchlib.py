"""Helpers that Benchmarks/bench.py and Benchmarks/hardening.py share: a free loopback port and
the memory of a process tree, read from /proc (Linux)."""
import re
import socket
from pathlib import Path


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on at the moment of asking."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def tree_pids(pid):
    """pid and all its descendants (a launcher may fork the real server)."""
    pids, frontier = [pid], [pid]
    while frontier:
        parent = frontier.pop()
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            children = []
        for child in map(int, children):
            pids.append(child)
            frontier.append(child)
    return pids


def rss_kb(pid):
    """Resident set size and its high-water mark of the process tree, in KiB."""
    rss = hwm = 0
    for each in tree_pids(pid):
        try:
            status = Path(f"/proc/{each}/status").read_text()
        except OSError:
            continue
        rss += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
        hwm += int(re.search(r"VmHWM:\s+(\d+)", status).group(1))
    return rss, hwm


def rss_mb(pid):
    """Resident set size and its high-water mark of the process tree, in MiB, to 0.1."""
    rss, hwm = rss_kb(pid)
    return round(rss / 1024, 1), round(hwm / 1024, 1)
