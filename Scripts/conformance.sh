#!/usr/bin/env bash
# Starts the stub on a free loopback port and runs Schemathesis against Contracts/openapi.yaml:
# examples, coverage, fuzzing (positive and negative) and stateful phases, all checks.
# Installs Schemathesis into .build/conformance-venv on first use. Exits non-zero on any failure.
#
#   Scripts/conformance.sh                 # default budget
#   MAX_EXAMPLES=200 Scripts/conformance.sh
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/conformance-venv
if [ ! -x "$venv/bin/st" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "schemathesis>=4,<5"
fi

swift build --product stubbank >/dev/null
log=$(mktemp)
.build/debug/stubbank serve --port 0 --log-level warning >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -f "$log"' EXIT

# Wait for the banner (it carries the port picked by the kernel), then for /v1/status.
. Scripts/stub-port.sh
port=$(stub_port "$log" $server)
curl --silent --fail --retry 20 --retry-connrefused --retry-delay 0 "http://127.0.0.1:$port/v1/status" >/dev/null

# logout revokes the shared token mid-run; it is covered by StubServerTests instead.
"$venv/bin/st" --config-file Contracts/schemathesis.toml run Contracts/openapi.yaml \
  --url "http://127.0.0.1:$port" \
  --exclude-operation-id logout \
  --max-examples "${MAX_EXAMPLES:-100}" \
  --seed 20261122 \
  --generation-codec ascii \
  --warnings off
