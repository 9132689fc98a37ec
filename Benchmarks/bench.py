#!/usr/bin/env python3
"""Measures StubBank against the bare Hummingbird ceiling and peer stub servers, in one run.

Run it through Benchmarks/bench.sh, which installs wrk and the peers, builds the release
binaries and puts this script in a private network namespace. Everything here talks to
127.0.0.1 only. Standard library only.

What it measures, for every server, on the same JSON body (GET /v1/atms, 2,988 bytes):
  - wrk -t2 -c50 -d10s and wrk -t1 -c1 -d10s: requests/s, p50, p99, errors
  - RSS idle, after each load, and the high-water mark
  - cold start: process spawn to the first 200 (median of several starts)
and for StubBank alone:
  - a 100 ms injected delay (X-Stub-Delay) over >= 200 requests: p50 and p99 minus 100 ms
  - 1,000 concurrent requests each delayed 1 s: wall time from the first send to the last byte
  - `stubbank contracts run` over the whole suite: wall time and the share spent in SQLite

Raw output goes to RESULTS/raw/, the figures to RESULTS/results.json and RESULTS/summary.md.
"""

import argparse
import asyncio
import datetime
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import free_port, rss_mb, tree_pids  # noqa: E402  (shared with hardening.py)
PATH = "/v1/atms"

# ---------------------------------------------------------------------------------------------
# Small HTTP helpers (raw sockets: no client library between us and the server)


def http_get(port, path=PATH, headers=None, timeout=2.0):
    """One GET on a fresh connection; returns (status, headers dict, body bytes)."""
    lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    request = ("\r\n".join(lines) + "\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(request)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
            head, sep, rest = data.partition(b"\r\n\r\n")
            if sep:
                length = re.search(rb"(?i)\r\ncontent-length:\s*(\d+)", head)
                if length and len(rest) >= int(length.group(1)):
                    break
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    status = int(status_line.split()[1])
    parsed = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        parsed[name.strip().lower()] = value.strip()
    if "chunked" in parsed.get("transfer-encoding", ""):
        body = dechunk(body)
    return status, parsed, body


def post_json(port, path, value, method="POST"):
    """Sends `value` as JSON (none when it is None) on a connection of its own; returns the raw
    answer (head and body)."""
    body = b"" if value is None else json.dumps(value).encode()
    request = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
               f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    with socket.create_connection(("127.0.0.1", port), timeout=2.0) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return data


def sign_in(port, username="alex", password="pass_good"):
    """Signs in to the built-in bank; returns the Authorization header of the access token."""
    data = post_json(port, "/v1/auth/token", {"grant_type": "password", "username": username, "password": password})
    token = json.loads(data.partition(b"\r\n\r\n")[2])["access_token"]
    return {"Authorization": f"Bearer {token}"}


def install_behaviour_elsewhere(port):
    """Installs an admin behaviour on another route (as a UI test does), so every request asks the
    behaviour book; returns no extra headers. The loaded route itself is not affected."""
    data = post_json(port, "/__stubbank/behaviours", {"route": "GET /v1/accounts", "status": 503})
    if not data.startswith(b"HTTP/1.1 201"):
        raise RuntimeError(f"installing a behaviour failed: {data[:200]!r}")
    return {}


def remove_behaviours(port):
    """Removes every admin behaviour (the state `install_behaviour_elsewhere` started from)."""
    data = post_json(port, "/__stubbank/behaviours", None, method="DELETE")
    if not data.startswith(b"HTTP/1.1 2"):
        raise RuntimeError(f"removing the behaviours failed: {data[:200]!r}")


def dechunk(data):
    out, rest = b"", data
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out, rest = out + rest[:size], rest[size + 2:]
    return out


def first_200(port, deadline):
    """Polls until a GET answers 200; returns the perf_counter time it did, or None."""
    while time.perf_counter() < deadline:
        try:
            status, _, _ = http_get(port, timeout=1.0)
            if status == 200:
                return time.perf_counter()
        except OSError:
            pass
        time.sleep(0.001)
    return None


def cpu_seconds(pid):
    """User plus system CPU time of the process tree so far, in seconds."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for each in tree_pids(pid):
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks


# ---------------------------------------------------------------------------------------------
# Servers


class Server:
    """A server under test: how to start it, on which port, and how long a start may take."""

    def __init__(self, name, argv, port, env=None, cwd=None, start_timeout=60, cold_starts=5, note="", path=PATH,
                 prepare=None, base=None):
        self.name, self.argv, self.port = name, argv, port
        # The row this one is compared with round by round (the same binary without a behaviour).
        self.base = base
        self.env, self.cwd = env, cwd
        self.start_timeout, self.cold_starts, self.note = start_timeout, cold_starts, note
        # The path loaded, and what to do once started: returns the headers every request sends.
        self.path, self.prepare = path, prepare
        self.process = None

    def spawn(self, log):
        env = dict(os.environ, **(self.env or {}))
        return subprocess.Popen(self.argv, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=self.cwd,
                                start_new_session=True)

    def start(self, log):
        """Starts the server; returns seconds from spawn to the first 200."""
        began = time.perf_counter()
        self.process = self.spawn(log)
        ready = first_200(self.port, began + self.start_timeout)
        if ready is None:
            self.stop()
            raise RuntimeError(f"{self.name} did not answer 200 on :{self.port} within {self.start_timeout} s")
        return ready - began

    def stop(self):
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()
        self.process = None
        # Wait until the port is free again so the next start measures a real cold start.
        for _ in range(2000):
            try:
                http_get(self.port, timeout=0.2)
            except OSError:
                return
            time.sleep(0.005)


# ---------------------------------------------------------------------------------------------
# wrk

UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def parse_wrk(text):
    """requests/s, p50/p99 in ms, requests, errors from `wrk --latency` output."""
    def latency(pct):
        match = re.search(rf"^\s+{pct}%\s+([\d.]+)(us|ms|s|m)\s*$", text, re.M)
        return round(float(match.group(1)) * UNITS[match.group(2)], 3) if match else None

    rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
    total = re.search(r"(\d+) requests in", text)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    errors = (sum(map(int, socket_errors.groups())) if socket_errors else 0) + (int(non2xx.group(1)) if non2xx else 0)
    return {
        "rps": round(float(rps.group(1))) if rps else 0,
        "p50_ms": latency(50),
        "p99_ms": latency(99),
        "requests": int(total.group(1)) if total else 0,
        "errors": errors,
    }


def wrk(port, threads, connections, seconds, raw_path, headers=None, path=PATH):
    argv = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "5s"]
    for name, value in (headers or {}).items():
        argv += ["-H", f"{name}: {value}"]
    argv.append(f"http://127.0.0.1:{port}{path}")
    text = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    raw_path.write_text("$ " + " ".join(argv) + "\n" + text)
    return parse_wrk(text)


# ---------------------------------------------------------------------------------------------
# Delays


async def burst(port, count, delay_ms):
    """Opens `count` connections, then sends one delayed GET on each at once.
    Returns (wall seconds from the first send to the last response, statuses)."""
    request = (f"GET {PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Stub-Delay: {delay_ms}\r\n"
               "Connection: close\r\n\r\n").encode()
    connections = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connections.append((reader, writer))

    async def one(reader, writer):
        writer.write(request)
        await writer.drain()
        data = await reader.read()  # Connection: close, so EOF ends the response
        writer.close()
        return time.perf_counter(), int(data.split(b" ", 2)[1]) if data else 0

    began = time.perf_counter()
    done = await asyncio.gather(*(one(r, w) for r, w in connections))
    return max(t for t, _ in done) - began, [s for _, s in done]


# ---------------------------------------------------------------------------------------------
# Peers: each serves the same body on GET /v1/atms


def pact_server(venv, body, work, port):
    pact = {
        "consumer": {"name": "bench-client"},
        "provider": {"name": "bench-bank"},
        "interactions": [{
            "description": "list ATMs",
            "request": {"method": "GET", "path": PATH},
            "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": json.loads(body)},
        }],
        "metadata": {"pactSpecification": {"version": "3.0.0"}},
    }
    path = work / "pact.json"
    path.write_text(json.dumps(pact))
    return Server("Pact stub server", [str(venv / "pact" / "bin" / "pact"), "stub", "-f", str(path), "-p", str(port),
                                          "--loglevel", "error"], port,
                  note="pact-python-cli; binds 0.0.0.0 (the run is in a private network namespace); logs errors only")


def specmatic_server(venv, body, work, port):
    spec_dir = work / "specmatic"
    examples = spec_dir / "bank_examples"
    examples.mkdir(parents=True, exist_ok=True)
    (spec_dir / "bank.yaml").write_text(f"""openapi: 3.0.3
info: {{title: bench, version: "1"}}
paths:
  {PATH}:
    get:
      responses:
        "200":
          description: ATMs
          content:
            application/json:
              schema: {{type: object}}
""")
    (examples / "atms.json").write_text(json.dumps({
        "http-request": {"method": "GET", "path": PATH},
        "http-response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": json.loads(body)},
    }))
    jar = next((venv / "specmatic").glob("lib/python*/site-packages/specmatic/core/specmatic.jar"))
    return Server("Specmatic stub", ["java", "-jar", str(jar), "stub", "--host", "127.0.0.1", "--port", str(port),
                                     "--hot-reload", "disabled", "--noConsoleLog", "bank.yaml"], port,
                  cwd=spec_dir, start_timeout=120, cold_starts=3, note="specmatic jar on Java 17")


def mockintosh_server(venv, body, work, port):
    directory = work / "mockintosh"
    directory.mkdir(exist_ok=True)
    (directory / "atms.json").write_bytes(body)
    (directory / "config.yaml").write_text(f"""services:
  - name: bench
    port: {port}
    endpoints:
      - path: {PATH}
        method: GET
        response:
          useTemplating: false
          status: 200
          headers:
            Content-Type: application/json
          body: "@atms.json"
""")
    launcher = Path(__file__).resolve().parent / "peers" / "mockintosh_nodelay.py"
    return Server("mockintosh", [str(venv / "mockintosh" / "bin" / "python"), str(launcher), "-q", "-b", "127.0.0.1",
                                 str(directory / "config.yaml")], port, cwd=directory, start_timeout=60,
                  note="0.13.17 with MarkupSafe 2.0.1 and tornado 6.4.2; TCP_NODELAY forced on")


# ---------------------------------------------------------------------------------------------
# The run


def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def trim_log(path, keep=200):
    """Keeps a server log's first and last lines; a peer that logs every request writes hundreds of MB."""
    if path.stat().st_size < 1_000_000:
        return
    with open(path, errors="replace") as text:
        lines = text.readlines()
    path.write_text("".join(lines[:keep]) + f"\n[... {len(lines) - 2 * keep} lines cut by bench.py ...]\n\n" + "".join(lines[-keep:]))


def cold_starts(server, raw, count):
    """Starts and stops the server `count` times; seconds from spawn to the first 200 each time."""
    with open(raw / f"{slug(server.name)}-cold-starts.log", "w") as log:
        starts = []
        for _ in range(count):
            starts.append(server.start(log))
            server.stop()
    return starts


def measure_loads(servers, raw, seconds, rounds, quick):
    """Round after round, starts each server alone, warms it up, loads it at c=50 then c=1,
    reads its RSS and stops it: no idle neighbour (a JVM, say) competes for the two cores,
    and a slow spell of the machine hits every server alike. Each figure is the median round's."""
    rows = {server.name: {"c50_rounds": [], "c1_rounds": [], "rss_idle_all_mb": [], "rss_after_load_mb": [],
                          "rss_hwm_mb": 0} for server in servers}
    for round_number in range(1, rounds + 1):
        for server in servers:
            row, name = rows[server.name], slug(server.name)
            with open(raw / f"{name}-round{round_number}.log", "w") as log:
                server.start(log)
                try:
                    headers = server.prepare(server.port) if server.prepare else None
                    status, _, body = http_get(server.port, path=server.path, headers=headers)
                    if status != 200:
                        raise RuntimeError(f"{server.name} answered {status} on {server.path}")
                    row.update(status=status, body=body)
                    row["rss_idle_all_mb"].append(rss_mb(server.process.pid)[0])
                    wrk(server.port, 2, 50, 2 if quick else 3, raw / f"{name}-warmup-round{round_number}.txt", headers, server.path)
                    for label, threads, connections in (("c50", 2, 50), ("c1", 1, 1)):
                        cpu_before = cpu_seconds(server.process.pid)
                        result = wrk(server.port, threads, connections, seconds, raw / f"{name}-{label}-round{round_number}.txt",
                                     headers, server.path)
                        # CPU per request varies far less between rounds than req/s on a shared VM.
                        result["cpu_us_per_request"] = round((cpu_seconds(server.process.pid) - cpu_before) * 1e6
                                                             / max(result["requests"], 1), 1)
                        row[f"{label}_rounds"].append(result)
                        row["rss_after_load_mb"].append(rss_mb(server.process.pid)[0])
                        print(f"   round {round_number} {server.name} {label}: {result['rps']} req/s, p99 {result['p99_ms']} ms",
                              file=sys.stderr, flush=True)
                    row["rss_hwm_mb"] = max(row["rss_hwm_mb"], rss_mb(server.process.pid)[1])
                finally:
                    server.stop()
            trim_log(raw / f"{name}-round{round_number}.log")
    for row in rows.values():
        row["rss_idle_mb"] = statistics.median(row["rss_idle_all_mb"])
        for label in ("c50", "c1"):
            ordered = sorted(row[f"{label}_rounds"], key=lambda r: r["rps"])
            row[label] = dict(ordered[len(ordered) // 2])
            row[label]["errors"] = sum(r["errors"] for r in ordered)
    return rows


def delay_accuracy(port, raw, seconds):
    """X-Stub-Delay: 100 at c10; wrk counts every request."""
    result = wrk(port, 1, 10, seconds, raw / "stubbank-delay-100ms.txt", headers={"X-Stub-Delay": "100"})
    result["p50_over_ms"] = round(result["p50_ms"] - 100, 3)
    result["p99_over_ms"] = round(result["p99_ms"] - 100, 3)
    return result


def burst_runs(port, raw, repeats):
    walls = []
    lines = []
    for attempt in range(repeats):
        wall, statuses = asyncio.run(burst(port, 1000, 1000))
        ok = sum(1 for s in statuses if s == 200)
        walls.append(wall)
        lines.append(f"attempt {attempt + 1}: 1000 requests x 1000 ms delay: wall {wall * 1000:.1f} ms, {ok} answered 200")
    (raw / "stubbank-burst-1000x1s.txt").write_text("\n".join(lines) + "\n")
    return {"wall_ms": round(statistics.median(walls) * 1000, 1), "all_ms": [round(w * 1000, 1) for w in walls],
            "ok": ok}


def contract_suite(stubbank, raw, repeats):
    """Wall time of the whole suite and the SQLite share, from the command's own timing line."""
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for attempt in range(repeats):
            db = Path(tmp) / f"runs-{attempt}.sqlite"
            began = time.perf_counter()
            done = subprocess.run([str(stubbank), "contracts", "run", "--db", str(db)], cwd=ROOT,
                                  capture_output=True, text=True)
            wall = time.perf_counter() - began
            (raw / f"contracts-run-{attempt + 1}.txt").write_text(done.stdout + done.stderr[-2000:])
            timing = re.search(r"SQLite: ([\d.]+) ms of ([\d.]+) ms", done.stdout)
            passed = re.search(r"(\d+) passed", done.stdout)
            runs.append({"process_wall_ms": round(wall * 1000), "exit": done.returncode,
                         "sqlite_ms": float(timing.group(1)) if timing else None,
                         "run_wall_ms": float(timing.group(2)) if timing else None,
                         "passed": int(passed.group(1)) if passed else None})
    best = sorted(runs, key=lambda r: r["process_wall_ms"])[len(runs) // 2]
    share = round(100 * best["sqlite_ms"] / best["run_wall_ms"], 1) if best["sqlite_ms"] and best["run_wall_ms"] else None
    return {"median": best, "sqlite_share_pct": share, "runs": runs}


def route_folder(work, count):
    """`count` route files, each its own path with a parameter and a query test, like a real API."""
    folder = work / f"Stubs-{count}-routes"
    (folder / "routes").mkdir(parents=True, exist_ok=True)
    # Server.start waits for a 200 on PATH.
    (folder / "routes" / "ready.yaml").write_text(f"routes:\n  - id: ready\n    request: {{ method: GET, path: {PATH} }}\n"
                                                  "    responses: [ { body: ready } ]\n")
    for i in range(count):
        (folder / "routes" / f"r{i:04d}.yaml").write_text(
            f"routes:\n  - id: r{i}\n    request: {{ method: GET, path: \"/api/r{i}/items/{{id}}\" }}\n"
            f"    responses:\n      - body: {{ route: {i}, id: \"{{{{path.id}}}}\" }}\n")
    return folder


def many_routes(stubbank, work, raw, seconds, rounds):
    """p50 latency for the same request with 20 and with 2,000 route files loaded (c=1 and c=50),
    in interleaved rounds; the index should keep them equal."""
    path = "/api/r7/items/42"
    samples = {20: [], 2000: []}
    starts = {}
    for round_number in range(1, rounds + 1):
        for count in (20, 2000):
            port = free_port()
            server = Server(f"{count} route files", [str(stubbank), "serve", "--port", str(port), "--log-level", "warning",
                                                     "--stubs", str(route_folder(work, count))], port, cwd=ROOT)
            with open(raw / f"routes-{count}-round{round_number}.log", "w") as server_log:
                starts.setdefault(count, []).append(round(server.start(server_log) * 1000, 1))
                try:
                    status, _, _ = http_get(port, path)
                    assert status == 200, f"{count} route files: {path} answered {status}"
                    wrk(port, 2, 50, 2, raw / f"routes-{count}-warmup-round{round_number}.txt", path=path)
                    c1 = wrk(port, 1, 1, seconds, raw / f"routes-{count}-c1-round{round_number}.txt", path=path)
                    c50 = wrk(port, 2, 50, seconds, raw / f"routes-{count}-c50-round{round_number}.txt", path=path)
                    samples[count].append({"c1_p50_ms": c1["p50_ms"], "c50_p50_ms": c50["p50_ms"], "c50_rps": c50["rps"]})
                finally:
                    server.stop()
    result = {}
    for count, rows in samples.items():
        result[str(count)] = {key: statistics.median(r[key] for r in rows) for key in ("c1_p50_ms", "c50_p50_ms", "c50_rps")}
        result[str(count)]["start_ms"] = statistics.median(starts[count])
    result["c1_p50_ratio"] = round(result["2000"]["c1_p50_ms"] / result["20"]["c1_p50_ms"], 3)
    result["c50_p50_ratio"] = round(result["2000"]["c50_p50_ms"] / result["20"]["c50_p50_ms"], 3)
    return result


def quick_ratios(servers, raw, seconds, rounds):
    """Interleaved rounds at c=50 and c=1 for each server; per round, each server's req/s over
    the ceiling's and over Pact's in the same round; the median of those ratios."""
    rows = measure_loads(servers, raw, seconds, rounds, quick=True)
    names = [server.name for server in servers]
    ceiling = next((n for n in names if n.startswith("Ceiling")), None)
    pact = next((n for n in names if n.startswith("Pact")), None)
    bases = {server.name: server.base for server in servers}
    table = {}
    for name in names:
        entry = {}
        for label in ("c50", "c1"):
            mine = [r["rps"] for r in rows[name][f"{label}_rounds"]]
            entry[f"{label}_rps"] = statistics.median(mine)
            entry[f"{label}_errors"] = sum(r["errors"] for r in rows[name][f"{label}_rounds"])
            entry[f"{label}_cpu_us"] = statistics.median(r["cpu_us_per_request"] for r in rows[name][f"{label}_rounds"])
            for key, other in (("ceiling", ceiling), ("pact", pact), ("base", bases.get(name))):
                if other is None:
                    continue
                theirs = [r["rps"] for r in rows[other][f"{label}_rounds"]]
                per_round = [round(a / b, 3) for a, b in zip(mine, theirs) if b]
                entry[f"{label}_x_{key}"] = round(statistics.median(per_round), 2) if per_round else None
                entry[f"{label}_x_{key}_rounds"] = per_round
        entry["rss_idle_mb"] = rows[name]["rss_idle_mb"]
        table[name] = entry
    return table


def same_process_behaviour(server, raw, seconds, rounds):
    """The behaviour row's question asked of one process: per round a new server, warmed, then at
    each concurrency without, with, with, without a behaviour on another route (installed and
    removed through the admin API between runs), so the order cancels a drift within the round.
    The ratio of a round is the two runs with over the two without. Separate processes of one
    binary differ by more than a behaviour costs (an A/A pair in `--quick`'s table); one process
    measured both ways does not."""
    out = {}
    for label, threads, connections in (("c50", 2, 50), ("c1", 1, 1)):
        out[f"{label}_x_without_rounds"], out[f"{label}_cpu_rounds"] = [], []
    for round_number in range(1, rounds + 1):
        with open(raw / f"same-process-round{round_number}.log", "w") as log:
            server.start(log)
            try:
                wrk(server.port, 2, 50, 2, raw / f"same-process-warmup-round{round_number}.txt")
                for label, threads, connections in (("c50", 2, 50), ("c1", 1, 1)):
                    rps = {False: 0.0, True: 0.0}
                    cpu = {False: 0.0, True: 0.0}
                    for step, installed in enumerate((False, True, True, False)):
                        if step == 1:
                            install_behaviour_elsewhere(server.port)
                        if step == 3:
                            remove_behaviours(server.port)
                        cpu_before = cpu_seconds(server.process.pid)
                        result = wrk(server.port, threads, connections, seconds,
                                     raw / f"same-process-{label}-{'with' if installed else 'without'}-{step}-round{round_number}.txt")
                        rps[installed] += result["rps"]
                        cpu[installed] += (cpu_seconds(server.process.pid) - cpu_before) * 1e6 / max(result["requests"], 1)
                    ratio_round = round(rps[True] / rps[False], 3) if rps[False] else None
                    out[f"{label}_x_without_rounds"].append(ratio_round)
                    out[f"{label}_cpu_rounds"].append((round(cpu[False] / 2, 1), round(cpu[True] / 2, 1)))
                    print(f"   round {round_number} same process {label}: with / without {ratio_round}, "
                          f"CPU µs/req without {cpu[False] / 2:.1f}, with {cpu[True] / 2:.1f}", file=sys.stderr, flush=True)
            finally:
                server.stop()
    for label in ("c50", "c1"):
        ratios = [r for r in out[f"{label}_x_without_rounds"] if r is not None]
        out[f"{label}_x_without"] = round(statistics.median(ratios), 2) if ratios else None
        out[f"{label}_cpu_without"] = statistics.median(c[0] for c in out[f"{label}_cpu_rounds"])
        out[f"{label}_cpu_with"] = statistics.median(c[1] for c in out[f"{label}_cpu_rounds"])
    return out


def same_process_markdown(result, seconds, rounds):
    return "\n".join([
        f"The same question asked of one process ({rounds} rounds, a new server each; warmed 2 s, then at each concurrency "
        f"wrk {seconds} s without, with, with, without a behaviour on another route; the round's ratio is the runs with "
        "over the runs without):", "",
        "| | × without, c=50 | rounds | CPU µs/req without / with, c=50 | × without, c=1 | rounds | CPU µs/req without / with, c=1 |",
        "|---|---:|---|---:|---:|---|---:|",
        f"| a behaviour on another route, one process | {result['c50_x_without']} | "
        f"{', '.join(map(str, result['c50_x_without_rounds']))} | {result['c50_cpu_without']} / {result['c50_cpu_with']} | "
        f"{result['c1_x_without']} | {', '.join(map(str, result['c1_x_without_rounds']))} | "
        f"{result['c1_cpu_without']} / {result['c1_cpu_with']} |"]) + "\n"


INPROCESS_NOTE = ("In process (`bench-inprocess`): `GET /v1/atms` through `URLSession` with `StubInProcess`'s protocol, "
                  "against a bare `URLProtocol` that answers the stub's own bytes from memory (the ceiling of the approach), "
                  "each in the same session configuration: a team's own `.ephemeral` session (URL cache on, the stub put in "
                  "with `install(into:)`), and the stub's own `urlSession` (\"own session\": it stores nothing) beside a bare session "
                  "without a URL cache. "
                  "Each round measures every row at 1 and 8 tasks, in alternating order; the ratios are the medians of the "
                  "per-round ratios, the rates and the process's CPU time per request (user + system) medians over rounds. "
                  "No socket: the numbers are URLSession's and the engine's.")


def inprocess_ratios(raw, seconds, rounds):
    """Runs bench-inprocess (built by bench.sh) and returns its medians and Markdown table."""
    binary = ROOT / ".build" / "release" / "bench-inprocess"
    out = raw / "inprocess.json"
    with open(raw / "inprocess.log", "w") as log_file:
        # Shorter rounds, more of them: URLSession's rate drifts within seconds on this machine,
        # and a ratio taken within one round cancels what drifts.
        subprocess.run([str(binary), "--stubs", str(ROOT / "Stubs"), "--seconds", str(max(1, seconds / 2)), "--rounds", str(2 * rounds + 1),
                        "--json", str(out)], stdout=log_file, stderr=subprocess.STDOUT, check=True, cwd=ROOT, timeout=600)
    result = json.loads(out.read_text())
    print(result["markdown"], file=sys.stderr)
    return result


def quick_markdown(table, seconds, rounds):
    if not table:
        return ""   # only the in-process row was asked for (`--only inprocess`)
    out = [f"{rounds} interleaved rounds; each server alone, warmed 2 s, then wrk {seconds} s at c=50 (-t2) and at c=1 (-t1).",
           "Ratios are the median of the per-round ratios (each server against the ceiling and Pact of the same round).",
           "",
           "CPU is the server's own user + system time per request (median round), which varies far less than req/s.",
           "",
           "| Server | req/s c=50 | × ceiling | × Pact | CPU µs/req c=50 | req/s c=1 | × ceiling | × Pact | errors | RSS idle |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, e in table.items():
        out.append(f"| {name} | {e['c50_rps']:,.0f} | {e.get('c50_x_ceiling', '–')} | {e.get('c50_x_pact', '–')} | {e['c50_cpu_us']} | "
                   f"{e['c1_rps']:,.0f} | {e.get('c1_x_ceiling', '–')} | {e.get('c1_x_pact', '–')} | "
                   f"{e['c50_errors'] + e['c1_errors']} | {e['rss_idle_mb']} MiB |")
    paired = [(name, e) for name, e in table.items() if "c50_x_base_rounds" in e]
    if paired:
        out += ["", "Against the same binary without a behaviour, round by round, each in a process of its own (issue 34 asks "
                    "≥ 0.95 at both for a behaviour on another route; the second process without one is an A/A pair, "
                    "showing what separate processes alone differ by):", "",
                "| Server | × without, c=50 | rounds | × without, c=1 | rounds |", "|---|---:|---|---:|---|"]
        for name, e in paired:
            out.append(f"| {name} | {e['c50_x_base']} | {', '.join(map(str, e['c50_x_base_rounds']))} | "
                       f"{e['c1_x_base']} | {', '.join(map(str, e['c1_x_base_rounds']))} |")
    return "\n".join(out) + "\n"


def memory_soak(server, raw, total_requests):
    """Idle RSS, then RSS after every quarter of `total_requests` at c=50: flat or growing."""
    with open(raw / "memory-soak.log", "w") as log:
        server.start(log)
        try:
            http_get(server.port)
            idle = rss_mb(server.process.pid)[0]
            points, done, chunk = [], 0, 0
            while done < total_requests:
                chunk += 1
                result = wrk(server.port, 2, 50, 10, raw / f"memory-soak-{chunk}.txt")
                done += result["requests"]
                points.append({"requests": done, "rss_mb": rss_mb(server.process.pid)[0]})
                print(f"   {done:,} requests: {points[-1]['rss_mb']} MiB", file=sys.stderr, flush=True)
        finally:
            server.stop()
    return {"idle_mb": idle, "points": points, "growth_after_first_mb": round(points[-1]["rss_mb"] - points[0]["rss_mb"], 1)}


def machine():
    cpu = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text())
    memory = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1)) // 1024 // 1024
    wrk_version = subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout.splitlines()[0:1]
    return {"cpu": cpu.group(1) if cpu else platform.processor(), "cores": os.cpu_count(), "memory_gib": memory,
            "kernel": platform.release(), "wrk": (wrk_version or ["?"])[0].strip(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def ratio(a, b):
    return round(a / b, 2) if a and b else None


def summary_markdown(results):
    m = results["machine"]
    rows = results["servers"]
    ceiling = next(r for r in rows if r["name"] == "Ceiling (bare Hummingbird)")
    peers = [r for r in rows if r.get("peer")]
    fastest = max(peers, key=lambda r: r["c50"]["rps"]) if peers else None
    out = [f"Measured {m['date']} on {m['cores']} cores ({m['cpu']}), {m['memory_gib']} GiB, Linux {m['kernel']}, {m['wrk']}.",
           f"Command: `{results['command']}`. Body: `GET {PATH}`, {ceiling['body_bytes']} bytes from every server (a row that loads another path says so below).",
           "",
           "| Server | req/s c=50 | p50 / p99 c=50 | req/s c=1 | p50 / p99 c=1 | errors | × ceiling | × fastest peer | RSS idle → after load (MiB) | cold start |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        out.append("| {name} | {rps:,} | {p50} / {p99} ms | {rps1:,} | {p501} / {p991} ms | {err} | {xc} | {xp} | {idle} → {after} | {cold} ms |".format(
            name=r["name"], rps=r["c50"]["rps"], p50=r["c50"]["p50_ms"], p99=r["c50"]["p99_ms"],
            rps1=r["c1"]["rps"], p501=r["c1"]["p50_ms"], p991=r["c1"]["p99_ms"],
            err=r["c50"]["errors"] + r["c1"]["errors"], xc=ratio(r["c50"]["rps"], ceiling["c50"]["rps"]),
            xp=ratio(r["c50"]["rps"], fastest["c50"]["rps"]) if fastest else "–",
            idle=r["rss_idle_mb"], after=max(r["rss_after_load_mb"]), cold=r["cold_start_ms"]))
    d, b, c = results["delay_100ms"], results["burst_1000x1s"], results["contracts"]
    out += ["",
            f"- Injected delay, `X-Stub-Delay: 100`, {d['requests']:,} requests at c=10: p50 {d['p50_ms']} ms "
            f"(+{d['p50_over_ms']} ms), p99 {d['p99_ms']} ms (+{d['p99_over_ms']} ms), {d['errors']} errors.",
            f"- 1,000 concurrent requests each delayed 1 s: all answered in {b['wall_ms']} ms (median of {len(b['all_ms'])}: {b['all_ms']}), {b['ok']} × 200.",
            f"- Cold start to first 200: StubBank without the `busy` persona {results['cold_start_small_ms']} ms; "
            f"with all of `Stubs/` (busy: 10,000 generated transactions) {results['cold_start_full_ms']} ms.",
            f"- `stubbank contracts run`, {c['median']['passed']} cases: {c['median']['process_wall_ms']} ms wall for the process, "
            f"{c['median']['run_wall_ms']} ms for the run, of which SQLite recording {c['median']['sqlite_ms']} ms ({c['sqlite_share_pct']} %)."]
    if "many_routes" in results:
        m20, m2k = results["many_routes"]["20"], results["many_routes"]["2000"]
        out.append(f"- 20 vs 2,000 route files, same request: p50 at c=1 {m20['c1_p50_ms']} vs {m2k['c1_p50_ms']} ms "
                   f"(× {results['many_routes']['c1_p50_ratio']}), at c=50 {m20['c50_p50_ms']} vs {m2k['c50_p50_ms']} ms "
                   f"(× {results['many_routes']['c50_p50_ratio']}); start-up {m20['start_ms']} vs {m2k['start_ms']} ms.")
    for r in rows:
        if r.get("path", PATH) != PATH:
            out.append(f"- {r['name']} loads `GET {r['path']}` ({r['body_bytes']:,} bytes), not the ATM list.")
        elif r["body_bytes"] != ceiling["body_bytes"]:
            out.append(f"- {r['name']} sends the same JSON {'re-formatted' if r['same_body'] else 'DIFFERENTLY'}: {r['body_bytes']:,} bytes.")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stubbank", default=str(ROOT / ".build" / "release" / "stubbank"))
    parser.add_argument("--ceiling", default=str(ROOT / ".build" / "release" / "bench-ceiling"))
    parser.add_argument("--venvs", default=str(ROOT / ".build" / "bench-venvs"))
    parser.add_argument("--results", default=str(ROOT / "Benchmarks" / "results" / datetime.date.today().isoformat()))
    parser.add_argument("--seconds", type=int, default=10, help="wrk duration per load")
    parser.add_argument("--rounds", type=int, default=3, help="loads per server and concurrency; the median is reported "
                                                              "(with --quick too: --quick --only journal,behaviour --rounds 11 "
                                                              "settles the behaviour row's ratio)")
    parser.add_argument("--only", help="comma-separated subset: ceiling,stubbank,journal,behaviour,token,routefile,routefile-full,inprocess,"
                                       "pact,specmatic,"
                                       "mockintosh,"
                                       "manyroutes,delay,burst,contracts,memory")
    parser.add_argument("--quick", action="store_true",
                        help="about 3 min: the ceiling, StubBank (bank, bank with a behaviour installed on another route, "
                             "bank with a token, route file, route file on the full path) and Pact in 3 interleaved rounds of 3 s at c=50 and c=1; prints the ratios to "
                             "the ceiling and to Pact")
    parser.add_argument("--extra", action="append", default=[], metavar="NAME=BINARY",
                        help="another stubbank binary to measure beside the others, on the bank route, and with a behaviour "
                             "on another route when that row is measured (a commit before a change, say); repeatable")
    parser.add_argument("--soak-requests", type=int, default=1_000_000, help="requests for --only memory")
    parser.add_argument("--command", default="Benchmarks/bench.sh")
    parser.add_argument("--summarize", metavar="RESULTS_JSON", help="only print the summary of an earlier run's results.json")
    args = parser.parse_args()
    if args.summarize:
        print(summary_markdown(json.loads(Path(args.summarize).read_text())), end="")
        return

    only = set(args.only.split(",")) if args.only else None
    if args.quick and only is None:
        only = {"ceiling", "journal", "behaviour", "token", "routefile", "routefile-full", "pact", "inprocess"}
    wanted = lambda key: only is None or key in only  # noqa: E731
    results_dir = Path(args.results)
    raw = results_dir / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    venvs = Path(args.venvs)
    stubbank, ceiling_bin = Path(args.stubbank), Path(args.ceiling)
    work = Path(tempfile.mkdtemp(prefix="stubbank-bench-"))
    log = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731

    def stub(name, *extra):
        port = free_port()
        return Server(name, [str(stubbank), "serve", "--port", str(port), "--log-level", "warning", *extra], port, cwd=ROOT)

    # The body every server returns: StubBank's own answer, fetched once.
    probe = stub("probe")
    with open(raw / "probe.log", "w") as probe_log:
        probe.start(probe_log)
        _, _, body = http_get(probe.port)
        probe.stop()
    body_file = work / "atms.json"
    body_file.write_bytes(body)

    # Stubs/ without the busy persona, for the small cold start.
    small_stubs = work / "Stubs-small"
    shutil.copytree(ROOT / "Stubs", small_stubs)
    shutil.rmtree(small_stubs / "personas" / "busy")

    # The same bytes served from a route file, with the built-in bank off.
    route_stubs = work / "Stubs-routefile"
    (route_stubs / "routes").mkdir(parents=True)
    (route_stubs / "routes" / "atms.json").write_bytes(body)
    (route_stubs / "routes" / "atms.yaml").write_text(
        f"routes:\n  - id: atms\n    request: {{ method: GET, path: {PATH} }}\n"
        "    responses:\n      - bodyFile: atms.json\n")

    servers = []
    if wanted("ceiling"):
        port = free_port()
        servers.append((Server("Ceiling (bare Hummingbird)", [str(ceiling_bin), "--body", str(body_file), "--path", PATH,
                                                              "--port", str(port)], port), False))
    if wanted("stubbank"):
        servers.append((stub("StubBank, journal off", "--journal-size", "0"), False))
    if wanted("journal"):
        servers.append((stub("StubBank, journal on (default)"), False))
    if wanted("behaviour"):
        # The same route while an admin behaviour is installed on another (every UI-test session):
        # each request asks the behaviour book, and still needs no wait.
        behaviour = stub("StubBank, bank, a behaviour on another route")
        behaviour.prepare = install_behaviour_elsewhere
        if wanted("journal"):
            behaviour.base = "StubBank, journal on (default)"
        servers.append((behaviour, False))
        if wanted("journal"):
            # An A/A pair: the journal row's server again, in a process of its own. What it differs
            # by from the first is what separate processes alone differ by.
            again = stub("StubBank, journal on (default), a second process")
            again.base = "StubBank, journal on (default)"
            servers.append((again, False))
    if wanted("token"):
        # A bank read behind a token: the token check, the session's ledger and the signature.
        # Its body is the accounts list, not the ATMs, so its ratio compares a different answer.
        token = stub("StubBank, bank with token (GET /v1/accounts)")
        token.path, token.prepare = "/v1/accounts", sign_in
        servers.append((token, False))
    if wanted("routefile"):
        servers.append((stub("StubBank, route file (journal on)", "--stubs", str(route_stubs)), False))
    if wanted("routefile-full"):
        # The same route without the event-loop answer: every request through Hummingbird's router.
        servers.append((stub("StubBank, route file, full path", "--stubs", str(route_stubs), "--no-event-loop-answers"), False))
    if wanted("pact"):
        servers.append((pact_server(venvs, body, work, free_port()), True))
    if wanted("specmatic"):
        servers.append((specmatic_server(venvs, body, work, free_port()), True))
    if wanted("mockintosh"):
        servers.append((mockintosh_server(venvs, body, work, free_port()), True))

    for extra in args.extra:
        name, _, binary = extra.partition("=")
        port = free_port()
        servers.append((Server(f"StubBank {name}", [binary, "serve", "--port", str(port), "--log-level", "warning"], port,
                               cwd=ROOT), False))
        if wanted("behaviour"):
            port = free_port()
            servers.append((Server(f"StubBank {name}, a behaviour on another route",
                                   [binary, "serve", "--port", str(port), "--log-level", "warning"], port, cwd=ROOT,
                                   prepare=install_behaviour_elsewhere, base=f"StubBank {name}"), False))

    if args.quick:
        seconds, rounds = 3, args.rounds
        log(f"== quick: {rounds} interleaved rounds of {seconds} s at c=50 and c=1")
        table = quick_ratios([server for server, _ in servers], raw, seconds, rounds)
        results = {"machine": machine(), "command": args.command, "quick": table}
        (results_dir / "results.json").write_text(json.dumps(results, indent=2) + "\n")
        text = quick_markdown(table, seconds, rounds)
        if wanted("behaviour"):
            log("== a behaviour on another route: one process, measured without and with it")
            results["same_process_behaviour"] = same_process_behaviour(stub("StubBank, same process"), raw, seconds, rounds)
            (results_dir / "results.json").write_text(json.dumps(results, indent=2) + "\n")
            text += "\n" + same_process_markdown(results["same_process_behaviour"], seconds, rounds)
        if only is None or "inprocess" in only:
            log("== in process: URLSession through StubInProcess against a bare URLProtocol with the same bytes")
            results["inprocess"] = inprocess_ratios(raw, seconds, rounds)
            (results_dir / "results.json").write_text(json.dumps(results, indent=2) + "\n")
            text += "\n" + results["inprocess"]["markdown"] + "\n\n" + INPROCESS_NOTE + "\n"
        (results_dir / "summary.md").write_text(text)
        print(text)
        shutil.rmtree(work, ignore_errors=True)
        log(f"results in {results_dir}")
        return

    results = {"machine": machine(), "command": args.command, "servers": []}
    if only is not None and "memory" in only:
        log(f"== memory: idle, then {args.soak_requests:,} requests at c=50")
        results["memory"] = memory_soak(stub("StubBank memory"), raw, args.soak_requests)
        log(f"   {results['memory']}")
    reference = json.loads(body)
    starts = {}
    for server, _ in servers:
        log(f"== cold start: {server.name}")
        starts[server.name] = cold_starts(server, raw, 1 if args.quick else server.cold_starts)
        log(f"   {[round(s * 1000, 1) for s in starts[server.name]]} ms")
    log("== load")
    rows = measure_loads([server for server, _ in servers], raw, args.seconds, 1 if args.quick else args.rounds, args.quick)
    for server, is_peer in servers:
        row = rows[server.name]
        row.update(name=server.name, note=server.note, peer=is_peer, body_bytes=len(row["body"]), path=server.path,
                   same_body=json.loads(row.pop("body")) == reference,
                   cold_start_ms=round(statistics.median(starts[server.name]) * 1000, 1),
                   cold_start_all_ms=[round(s * 1000, 1) for s in starts[server.name]])
        if not row["same_body"] and server.path == PATH:
            log(f"   warning: {server.name} returned a different body")
        results["servers"].append(row)

    if wanted("stubbank"):
        log("== cold start without busy")
        starts = cold_starts(stub("StubBank without busy", "--stubs", str(small_stubs)), raw, 1 if args.quick else 7)
        results["cold_start_small_ms"] = round(statistics.median(starts) * 1000, 1)
        full = next((r for r in results["servers"] if r["name"].startswith("StubBank")), None)
        results["cold_start_full_ms"] = full["cold_start_ms"] if full else None
        log(f"   small {results['cold_start_small_ms']} ms, full {results['cold_start_full_ms']} ms")

    if wanted("manyroutes"):
        log("== 20 vs 2,000 route files")
        results["many_routes"] = many_routes(stubbank, work, raw, args.seconds, 1 if args.quick else args.rounds)
        log(f"   {results['many_routes']}")

    if wanted("delay") or wanted("burst"):
        server = stub("StubBank delays")
        with open(raw / "stubbank-delays.log", "w") as delay_log:
            server.start(delay_log)
            try:
                if wanted("delay"):
                    log("== 100 ms delay accuracy")
                    results["delay_100ms"] = delay_accuracy(server.port, raw, max(args.seconds * 2, 25) if not args.quick else 5)
                    log(f"   {results['delay_100ms']}")
                if wanted("burst"):
                    log("== 1000 x 1 s")
                    results["burst_1000x1s"] = burst_runs(server.port, raw, 1 if args.quick else 3)
                    log(f"   {results['burst_1000x1s']}")
            finally:
                server.stop()

    if wanted("contracts"):
        log("== contracts run")
        results["contracts"] = contract_suite(stubbank, raw, 1 if args.quick else 3)
        log(f"   {results['contracts']['median']}")

    (results_dir / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    if only is None:
        (results_dir / "summary.md").write_text(summary_markdown(results))
        print(summary_markdown(results))
    shutil.rmtree(work, ignore_errors=True)
    log(f"results in {results_dir}")


if __name__ == "__main__":
    main()
