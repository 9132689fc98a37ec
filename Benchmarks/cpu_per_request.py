#!/usr/bin/env python3
"""CPU time per request of several servers, in interleaved rounds: for bisecting the request path.

Requests per second swing by ±20 % between rounds on a shared VM; the server's own CPU time per
request (user + system, from /proc, divided by the requests wrk completed) swings far less, so
a few microseconds of extra work per request show. Each server is started alone, warmed for
2 s, then loaded for 4 s at c=50 (wrk -t2) and at c=1 (wrk -t1), three rounds. Prints the
median req/s and the median and every round's CPU µs per request; the smallest round is the
best estimate of a binary's own cost (noise only adds).

    unshare --net -- python3 Benchmarks/cpu_per_request.py \\
        "ceiling=.build/release/bench-ceiling --body /tmp/atms.json --port PORT" \\
        "old=/tmp/tree-old::/tmp/bins/stubbank-old serve --port PORT --log-level warning" \\
        "new=.::.build/release/stubbank serve --port PORT --log-level warning"

Each argument is LABEL=[DIR::]COMMAND; PORT is replaced by the port; DIR is the working
folder (an older binary wants the Stubs/ of its own commit: `git archive C Stubs | tar -x -C DIR`).
Needs wrk. Run it inside `unshare --net` (loopback only) as root, or on loopback as is.
"""
import re
import shlex
import socket
import subprocess
import sys
import time
import os

PATH = "/v1/atms"


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_ready(port):
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


def main():
    servers = [arg.split("=", 1) for arg in sys.argv[1:]]
    if not servers:
        print(__doc__)
        return 2
    subprocess.run(["ip", "link", "set", "lo", "up"], capture_output=True)
    results = {}
    for _ in range(3):
        for label, spec in servers:
            cwd, command = spec.split("::", 1) if "::" in spec else (None, spec)
            port = 18090
            process = subprocess.Popen(shlex.split(command.replace("PORT", str(port))), cwd=cwd,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                wait_ready(port)
                url = f"http://127.0.0.1:{port}{PATH}"
                subprocess.run(["wrk", "-t2", "-c50", "-d2s", url], capture_output=True)
                for connections, threads in ((50, 2), (1, 1)):
                    before = cpu_seconds(process.pid)
                    out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", "-d4s", url],
                                         capture_output=True, text=True).stdout
                    spent = cpu_seconds(process.pid) - before
                    requests = int(re.search(r"(\d+) requests in", out).group(1))
                    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
                    results.setdefault((connections, label), []).append((rps, spent * 1e6 / requests))
            finally:
                process.terminate()
                process.wait()
    for (connections, label), rounds in sorted(results.items()):
        rps = sorted(r for r, _ in rounds)
        cpu = sorted(c for _, c in rounds)
        print(f"c={connections:<3} {label:14} rps median {rps[len(rps) // 2]:>8.0f}  "
              f"cpu µs/req median {cpu[len(cpu) // 2]:6.1f}  all {[round(c, 1) for c in cpu]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
