#!/usr/bin/env bash
# A/B at one request shape: two stubbank binaries up side by side, `wrk` alternating between
# them, the ratio B/A printed per round. For a small difference the quick benchmark's three
# rounds cannot see; run the same binary as A and B first to see this machine's noise.
#
#   Benchmarks/ab.sh OLD_BINARY NEW_BINARY [ROUNDS=6] [CONNECTIONS=1] [SECONDS=4] [PATH=/v1/atms]
set -euo pipefail
cd "$(dirname "$0")/.."
a=$1; b=$2; rounds=${3:-6}; connections=${4:-1}; seconds=${5:-4}; path=${6:-/v1/atms}
command -v wrk >/dev/null || { echo "needs wrk (apt-get install -y wrk)" >&2; exit 1; }
port_a=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
port_b=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$a" serve --port "$port_a" --log-level warning >/dev/null 2>&1 & pid_a=$!
"$b" serve --port "$port_b" --log-level warning >/dev/null 2>&1 & pid_b=$!
trap 'kill $pid_a $pid_b 2>/dev/null; wait 2>/dev/null' EXIT
for port in "$port_a" "$port_b"; do
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port$path" >/dev/null && break; sleep 0.1; done
  wrk -t1 -c"$connections" -d2s "http://127.0.0.1:$port$path" >/dev/null   # warm up
done
for round in $(seq "$rounds"); do
  ra=$(wrk -t1 -c"$connections" -d"${seconds}s" "http://127.0.0.1:$port_a$path" | awk '/Requests\/sec/ {print $2}')
  rb=$(wrk -t1 -c"$connections" -d"${seconds}s" "http://127.0.0.1:$port_b$path" | awk '/Requests\/sec/ {print $2}')
  echo "round $round  A $ra req/s  B $rb req/s  B/A $(python3 -c "print(round($rb / $ra, 3))")"
done
