#!/usr/bin/env bash
# Benchmarks StubBank against the bare Hummingbird ceiling and three peer stub servers, on
# loopback, in one run. See Benchmarks/README.md for what is measured and how to read it.
#
#   Benchmarks/bench.sh                      # everything; results in Benchmarks/results/DATE/
#   Benchmarks/bench.sh --quick              # ~4 min: c=1 and c=50 ratios to the ceiling and Pact, and the
#                                            # in-process stub against a bare URLProtocol
#   Benchmarks/bench.sh --quick --extra before=/tmp/old/stubbank   # and an older binary beside them
#   Benchmarks/bench.sh --only ceiling,stubbank --seconds 5
#
# Installs what it needs: wrk and iproute2 from Debian's packages (needs root, as on CI
# machines), Java 17 for Specmatic if missing, and the peers from PyPI into venvs under
# .build/bench-venvs. Builds the release binaries (slow the first time on 2 cores).
# Then runs Benchmarks/bench.py inside a private network namespace: `pact stub` listens on
# 0.0.0.0 and has no option to change that, so nothing here is reachable from outside.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${STUBBANK_BENCH_INSIDE:-}" = 1 ]; then
  # Inside the namespace: bring loopback up, allow 1,000+ sockets, measure.
  ip link set lo up
  ulimit -n "$(ulimit -Hn)"
  exec python3 Benchmarks/bench.py "$@"
fi

log() { printf '\n== %s\n' "$*" >&2; }

quick=0
for arg in "$@"; do [ "$arg" = --quick ] && quick=1; done

log "system packages"
need=()
command -v wrk >/dev/null || need+=(wrk)
command -v ip >/dev/null || need+=(iproute2)
command -v unshare >/dev/null || need+=(util-linux)
[ $quick = 1 ] || command -v java >/dev/null || need+=(openjdk-17-jre-headless)
python3 -m venv --help >/dev/null 2>&1 || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi

log "peers from PyPI"
venvs=.build/bench-venvs
install_venv() {  # name, then pip requirements
  local name=$1; shift
  if [ ! -f "$venvs/$name/.installed" ]; then
    rm -rf "${venvs:?}/$name"
    python3 -m venv "$venvs/$name"
    "$venvs/$name/bin/pip" install --quiet --disable-pip-version-check "$@"
    touch "$venvs/$name/.installed"
  fi
}
install_venv pact "pact-python-cli==1!0.10.9"
if [ $quick = 0 ]; then
  install_venv specmatic "specmatic==2.55.3"
  # mockintosh 0.13.17 only runs with these two pinned.
  install_venv mockintosh "mockintosh==0.13.17" "MarkupSafe==2.0.1" "tornado==6.4.2"
fi

log "release build"
swift build -c release --product stubbank
swift build -c release --product bench-ceiling
swift build -c release --product bench-inprocess

log "measuring (private network namespace)"
STUBBANK_BENCH_INSIDE=1 exec unshare --net -- "$0" "$@"
