#!/usr/bin/env bash
# Side-by-side, one sitting: GET /v1/atms with the journal on (default), the debug build of
# 3403261 (before the console: no bodies kept) as /tmp/stubbank-old and of the console work as
# /tmp/stubbank-new, 5 interleaved rounds of wrk -t1 -c8 -d5s after a 1 s warm-up.
set -u
cd /work/main
for round in 1 2 3 4 5; do
  for name in old new; do
    port=$((18400 + round * 2))
    [ $name = new ] && port=$((port+1))
    /tmp/stubbank-$name serve --port $port --log-level error > /dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do curl -s -o /dev/null http://127.0.0.1:$port/v1/status && break; sleep 0.05; done
    wrk -t1 -c8 -d1s http://127.0.0.1:$port/v1/atms > /dev/null
    rps=$(wrk -t1 -c8 -d5s http://127.0.0.1:$port/v1/atms | awk '/Requests\/sec/ {print $2}')
    echo "$round $name $rps"
    kill $pid; wait $pid 2>/dev/null
  done
done
