#!/usr/bin/env bash
# What a behaviour installed on another route costs the server, as a share of its own CPU time,
# from a profile rather than from req/s: on this shared VM two processes of one binary differ by
# ±30 % at c=1 (the A/A row of `bench.sh --quick`), far more than the lookup costs, but the share
# of the server's samples spent deciding behaviours does not depend on how busy the machine is.
#
#   Benchmarks/behaviour_share.sh [BINARY=.build/release/stubbank] [ROUNDS=3] [SECONDS=4]
#
# Per round and concurrency (c=50 with wrk -t2, c=1 with -t1), one server: `perf record` while
# wrk loads `GET /v1/atms`, once without a behaviour and once with `{"route": "GET /v1/accounts",
# "status": 503}` installed. Prints, for each, the share of samples under `Engine.decision` (the
# `X-Stub-*` headers and the behaviour book: the only step the two states do not share) and
# under `Engine.answer` (all the engine's work). 1 − (with − without) / 100 is the rate a
# behaviour leaves, whatever the machine's noise. Needs perf (Debian: linux-perf) and wrk.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/stubbank}; rounds=${2:-3}; seconds=${3:-4}
command -v perf >/dev/null || { echo "needs perf (apt-get install -y linux-perf)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "needs wrk (apt-get install -y wrk)" >&2; exit 1; }
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"

share() {  # perf.data, symbol → inclusive share of samples, in %
  perf report -i "$1" --children --sort symbol --stdio 2>/dev/null \
    | awk -v pattern="$2" '$0 ~ pattern && /^ +[0-9.]+%/ { sub("%", "", $1); print $1; exit }'
}

measure() {  # label threads connections
  local data="$work/$1.data"
  perf record -F 1999 -g -p "$pid" -o "$data" -- sleep "$seconds" >/dev/null 2>&1 &
  local recorder=$!
  local rate
  rate=$(wrk -t"$2" -c"$3" -d"${seconds}s" "$url/v1/atms" | awk '/Requests\/sec/ {print $2}')
  wait "$recorder" || true
  printf '%s %s %s\n' "$rate" "$(share "$data" 'StubEngine0B0C8decision')" "$(share "$data" 'StubEngine0B0C6answer')"
}

printf '%-6s %-4s %-8s %10s %12s %10s\n' round c state "req/s" "decision %" "answer %"
for round in $(seq "$rounds"); do
  "$binary" serve --port "$port" --log-level warning >"$work/server.log" 2>&1 & pid=$!
  for _ in $(seq 100); do curl -sf "$url/v1/atms" >/dev/null && break; sleep 0.1; done
  wrk -t2 -c50 -d2s "$url/v1/atms" >/dev/null
  for load in "50 2" "1 1"; do
    set -- $load
    read -r rate decision answer < <(measure "r$round-c$1-without" "$2" "$1")
    printf '%-6s %-4s %-8s %10s %12s %10s\n' "$round" "$1" without "$rate" "${decision:-0}" "$answer"
    curl -sf -X POST -H 'Content-Type: application/json' -d '{"route": "GET /v1/accounts", "status": 503}' \
      "$url/__stubbank/behaviours" >/dev/null
    read -r rate decision answer < <(measure "r$round-c$1-with" "$2" "$1")
    printf '%-6s %-4s %-8s %10s %12s %10s\n' "$round" "$1" with "$rate" "${decision:-0}" "$answer"
    curl -sf -X DELETE "$url/__stubbank/behaviours" >/dev/null
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
done
rm -rf "$work"
