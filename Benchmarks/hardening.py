#!/usr/bin/env python3
"""The hardening figures: memory per session, behaviour matching at 5,000 behaviours,
shutdown with requests held open, and abandoned delayed requests under a low fd limit.

Each figure starts its own `stubbank serve` on a free port, so they do not disturb each
other. Nothing here is a test: it prints figures, and `--json FILE` keeps them.

    python3 Benchmarks/hardening.py                       # .build/release/stubbank, else debug
    python3 Benchmarks/hardening.py --binary /tmp/old/stubbank --only memory,shutdown

Figures (see Benchmarks/README.md, "Hardening"):
  memory     RSS growth per session after sign-in and one transfer, for alex and busy
  matching   p50 of GET /v1/accounts with no behaviours, then with 5,000 installed
  shutdown   seconds from SIGTERM to exit with 100 hangs and 100 ten-minute delays open
  abandoned  under `ulimit -n 256`: 300 requests with a 10-minute delay whose clients hang
             up, then the time a new request takes to be answered
  upload     Python's http.client posting 20 MB, written whole before the answer is read; then
             urllib doing the same with `Connection: close`

`--check` (run by .ci/run) runs shutdown, abandoned and upload and exits 1 unless the process
exits within 5 s of SIGTERM, the new request is answered within 1 s, and the upload sees 413.
"""
import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import free_port, rss_kb  # noqa: E402  (shared with bench.py)


class Server:
    def __init__(self, binary, extra=(), nofile=None):
        self.port = free_port()
        args = [binary, "serve", "--port", str(self.port), "--log-level", "error", *extra]
        preexec = None
        if nofile:
            import resource
            preexec = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
        self.process = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        preexec_fn=preexec)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                self.get("/v1/status")
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("stubbank did not start")

    def connection(self, timeout=10):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def get(self, path, headers=None, timeout=10):
        c = self.connection(timeout)
        c.request("GET", path, headers=headers or {})
        r = c.getresponse()
        body = r.read()
        c.close()
        return r.status, body

    def post(self, path, payload, headers=None, connection=None):
        c = connection or self.connection()
        c.request("POST", path, body=json.dumps(payload), headers={"Content-Type": "application/json", **(headers or {})})
        r = c.getresponse()
        body = r.read()
        if connection is None:
            c.close()
        return r.status, json.loads(body or b"null")

    def rss_kb(self):
        return rss_kb(self.process.pid)[0]

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def session_with_transfer(server, connection, session, persona):
    headers = {"X-Stub-Session": session}
    status, token = server.post("/v1/auth/token", {"grant_type": "password", "username": persona, "password": "pass_good"},
                                headers, connection)
    assert status == 200, (status, token)
    auth = {**headers, "Authorization": "Bearer " + token["access_token"]}
    connection.request("GET", "/v1/accounts", headers=auth)
    account = json.loads(connection.getresponse().read())["data"][0]
    connection.request("GET", "/v1/beneficiaries", headers=auth)
    payee = json.loads(connection.getresponse().read())["data"][0]
    transfer = {"fromAccountId": account["id"], "beneficiaryId": payee["id"],
                "amount": {"amount": "1.00", "currency": account["currency"]}, "reference": "bench"}
    status, body = server.post("/v1/transfers", transfer, {**auth, "Idempotency-Key": session}, connection)
    assert status in (200, 201), (status, body)


def memory(binary, sessions_alex, sessions_busy):
    figures = {}
    for persona, count in (("alex", sessions_alex), ("busy", sessions_busy)):
        server = Server(binary, ["--journal-size", "0", "--max-sessions", str(count * 2)] if supports(binary, "--max-sessions") else ["--journal-size", "0"])
        try:
            connection = server.connection()
            # Warm up: one session first so code paths and caches exist before the baseline.
            session_with_transfer(server, connection, "warm", persona)
            time.sleep(0.5)
            before = server.rss_kb()
            for i in range(count):
                session_with_transfer(server, connection, f"{persona}-{i}", persona)
            time.sleep(0.5)
            after = server.rss_kb()
            figures[persona] = {"sessions": count, "rssBeforeKB": before, "rssAfterKB": after,
                                "perSessionKB": round((after - before) / count, 1)}
            print(f"memory  {persona:5} {count} sessions: RSS {before} KB -> {after} KB, "
                  f"{(after - before) / count:.1f} KB per session", flush=True)
        finally:
            server.stop()
    return figures


def supports(binary, option):
    out = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True).stdout
    return option in out


def p50(server, count=3000):
    connection = server.connection()
    status, token = server.post("/v1/auth/token", {"grant_type": "password", "username": "alex", "password": "pass_good"},
                                None, connection)
    headers = {"Authorization": "Bearer " + token["access_token"]}
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        connection.request("GET", "/v1/accounts", headers=headers)
        response = connection.getresponse()
        response.read()
        samples.append(time.perf_counter() - start)
        assert response.status == 200, response.status
    return statistics.median(samples) * 1000


def matching(binary, behaviours):
    server = Server(binary, ["--journal-size", "0"])
    try:
        p50(server, 500)  # warm up
        empty = p50(server)
        admin = server.connection()
        installed = 0
        for i in range(behaviours):
            # Realistic spread: most behaviours belong to contract-test sessions; some are global
            # on other routes. None matches the measured request, so every lookup sees them all.
            if i % 10 == 0:
                spec = {"route": f"GET /v1/accounts/acc_{i}/transactions", "status": 503}
                status, body = server.post("/__stubbank/behaviours", spec, None, admin)
            else:
                spec = {"route": "GET /v1/accounts", "status": 503}
                status, body = server.post("/__stubbank/behaviours", spec, {"X-Stub-Session": f"case-{i}"}, admin)
            if status not in (200, 201):
                print(f"matching: behaviour {i} refused with {status}: {body}", flush=True)
                break
            installed += 1
        loaded = p50(server)
        ratio = loaded / empty
        print(f"matching p50 GET /v1/accounts: {empty:.3f} ms with none, {loaded:.3f} ms with {installed} behaviours "
              f"({ratio:.2f}x)", flush=True)
        return {"p50NoneMs": round(empty, 4), "p50LoadedMs": round(loaded, 4), "behaviours": installed,
                "ratio": round(ratio, 3)}
    finally:
        server.stop()


def open_held(server, count, headers):
    sockets = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", server.port))
        lines = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        s.sendall(f"GET /v1/status HTTP/1.1\r\nHost: localhost\r\n{lines}\r\n".encode())
        sockets.append(s)
    return sockets


def shutdown(binary, held):
    server = Server(binary)
    try:
        hangs = open_held(server, held, {"X-Stub-Fault": "hang"})
        delays = open_held(server, held, {"X-Stub-Delay": "600000"})
        time.sleep(1)  # let every request reach its wait
        assert server.get("/v1/status")[0] == 200
        start = time.perf_counter()
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(timeout=30)
            seconds = time.perf_counter() - start
        except subprocess.TimeoutExpired:
            seconds = None
        for s in hangs + delays:
            s.close()
        text = f"{seconds:.2f} s" if seconds is not None else "still running after 30 s (killed)"
        print(f"shutdown with {held} hangs and {held} 10-minute delays open: exit {text}", flush=True)
        return {"held": held * 2, "exitSeconds": None if seconds is None else round(seconds, 3)}
    finally:
        server.stop()


def abandoned(binary, count, nofile):
    server = Server(binary, nofile=nofile)
    try:
        opened = 0
        for _ in range(count):
            try:
                s = socket.create_connection(("127.0.0.1", server.port), timeout=2)
                s.sendall(b"GET /v1/status HTTP/1.1\r\nHost: localhost\r\nX-Stub-Delay: 600000\r\n\r\n")
                s.close()
                opened += 1
            except OSError:
                pass
        time.sleep(1)
        start = time.perf_counter()
        try:
            status, _ = server.get("/v1/status", timeout=10)
            seconds = time.perf_counter() - start
        except OSError as error:
            status, seconds = str(error), None
        text = f"answered {status} in {seconds:.3f} s" if seconds is not None else f"no answer within 10 s ({status})"
        print(f"abandoned: {opened} delayed requests abandoned under ulimit -n {nofile}; a new request: {text}", flush=True)
        return {"abandoned": opened, "nofile": nofile, "answerSeconds": None if seconds is None else round(seconds, 3),
                "status": status}
    finally:
        server.stop()


def upload(binary, megabytes=20):
    server = Server(binary)
    try:
        connection = server.connection(timeout=30)
        try:
            connection.request("POST", "/v1/auth/token", body=b"x" * (megabytes * 1024 * 1024),
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            status = response.status
            response.read()
        except OSError as error:
            status = f"{type(error).__name__}: {error}"
        print(f"upload  {megabytes} MB with http.client: {status}", flush=True)
        # urllib sends `Connection: close` and writes the whole body before it reads; the stub
        # must still drain the body and answer, not leave it blocked until its own timeout.
        request = urllib.request.Request(f"http://127.0.0.1:{server.port}/v1/auth/token", data=b"x" * (megabytes * 1024 * 1024),
                                         headers={"Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                closing = answer.status
        except urllib.error.HTTPError as error:
            closing = error.code
        except OSError as error:
            closing = f"{type(error).__name__}: {error}"
        print(f"upload  {megabytes} MB with urllib (Connection: close): {closing}", flush=True)
        return {"megabytes": megabytes, "status": status, "closingStatus": closing}
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default = os.path.join(ROOT, ".build/release/stubbank")
    if not os.path.exists(default):
        default = os.path.join(ROOT, ".build/debug/stubbank")
    parser.add_argument("--binary", default=default)
    parser.add_argument("--only", default="memory,matching,shutdown,abandoned")
    parser.add_argument("--sessions", type=int, default=500, help="alex sessions for the memory figure")
    parser.add_argument("--busy-sessions", type=int, default=50)
    parser.add_argument("--behaviours", type=int, default=5000)
    parser.add_argument("--json", help="write the figures here")
    parser.add_argument("--check", action="store_true", help="shutdown, abandoned and upload, with pass/fail")
    args = parser.parse_args()
    chosen = "shutdown,abandoned,upload".split(",") if args.check else args.only.split(",")
    print(f"binary: {args.binary}", flush=True)
    results = {}
    if "memory" in chosen:
        results["memory"] = memory(args.binary, args.sessions, args.busy_sessions)
    if "matching" in chosen:
        results["matching"] = matching(args.binary, args.behaviours)
    if "shutdown" in chosen:
        results["shutdown"] = shutdown(args.binary, 100)
    if "abandoned" in chosen:
        results["abandoned"] = abandoned(args.binary, 300, 256)
    if "upload" in chosen:
        results["upload"] = upload(args.binary)
    if args.check:
        failures = []
        if (results["shutdown"]["exitSeconds"] or 99) > 5:
            failures.append("the process did not exit within 5 s of SIGTERM")
        if (results["abandoned"]["answerSeconds"] or 99) > 1:
            failures.append("a new request was not answered within 1 s after 300 abandoned delays")
        if results["upload"]["status"] != 413:
            failures.append(f"a 20 MB upload saw {results['upload']['status']}, not 413")
        if results["upload"]["closingStatus"] != 413:
            failures.append(f"a 20 MB upload with Connection: close saw {results['upload']['closingStatus']}, not 413")
        for failure in failures:
            print("FAIL " + failure, flush=True)
        if failures:
            return 1
        print("hardening checks passed", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
