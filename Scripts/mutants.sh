#!/usr/bin/env bash
# The project's own mutation run: how many realistic bugs does the contract run alone catch?
#
# For each patch in Tests/Mutants/*.patch (one planted bug each, in the client core, the
# reference driver, the stub's fixtures and rules, or the MyBank example client) it:
#   1. applies the patch to the tree (which must be clean where the patch touches it);
#   2. rebuilds `stubbank` and `mybank-contracts` (incrementally);
#   3. runs both clients' contract runs (`stubbank contracts run`, `mybank-contracts contracts run`)
#      and reads their JSON reports;
#   4. reports the mutant KILLED (some case failed or errored, with the cases and layers) or
#      SURVIVED (every case passed), or BROKEN when it does not build;
#   5. reverses the patch, whatever happened (also on Ctrl-C).
# A summary table goes to stdout and to .build/mutants/report.md; the exit status is 0.
#
#   Scripts/mutants.sh                       # every mutant, in this tree
#   Scripts/mutants.sh Tests/Mutants/07-*.patch
#   Scripts/mutants.sh --check               # only check that every patch still applies (CI does this)
#   MUTANTS_TREE=/tmp/copy Scripts/mutants.sh  # run in another checkout (its own .build)
#
# It takes minutes (a rebuild and a contract run per mutant), so it is not part of `swift test`.
#
# With --unit it runs the engine's and importers' own mutants instead (Tests/Mutants/unit/*.patch:
# the engine, the importers, HAR import, the transports and the control library). Each names, on
# its second line (`# tests: FILTER`), the test suites that guard that code; a mutant is KILLED
# when `swift test --filter FILTER` fails with it applied. Each filter is first run on the
# unmutated tree, and the run stops if one already fails there (`../shared` must sit beside the
# tree, and TeamStoreTests need `eval "$(Scripts/team-postgres.sh start)"`):
#
#   Scripts/mutants.sh --unit                # every unit mutant (a test build and run each)
#   Scripts/mutants.sh --unit Tests/Mutants/unit/62-*.patch
#   Scripts/mutants.sh --unit --whole DIR/*.patch   # a survivor of its filter then meets the whole swift test
#
# A test run that does not end (a mutant that loops forever) is stopped after MUTANT_TIMEOUT
# seconds (default 300; MUTANT_WHOLE_TIMEOUT, 900, for --whole) and counts as killed, as CI's
# time limit would. Scripts/mutants-sample.py draws mechanical mutants at random: a sample that
# no one chose, to measure the tests with.
set -euo pipefail

# Runs a command (its output to LOG) in a process group of its own and stops the whole group
# after SECONDS: `timeout` alone stops `swift test` but not the test process it started, which
# a mutant that loops then leaves running, slowing every run after it.
limited() {
  local seconds="$1" log="$2"; shift 2
  setsid "$@" >"$log" 2>&1 &
  local pid=$!
  ( sleep "$seconds"; kill -TERM -- "-$pid" 2>/dev/null; sleep 5; kill -KILL -- "-$pid" 2>/dev/null ) &
  local watchdog=$!
  local status=0
  wait "$pid" || status=$?
  kill "$watchdog" 2>/dev/null || true
  wait "$watchdog" 2>/dev/null || true
  pkill -KILL -g "$pid" 2>/dev/null || true
  return "$status"
}
here="$(cd "$(dirname "$0")/.." && pwd)"
tree="${MUTANTS_TREE:-$here}"
cd "$tree"

check_only=false
unit=false
whole=false
patches=()
for arg in "$@"; do
  case "$arg" in
    --check) check_only=true ;;
    --unit) unit=true ;;
    --whole) whole=true ;;
    -h|--help) sed -n '2,37p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) patches+=("$arg") ;;
  esac
done
if [ ${#patches[@]} -eq 0 ]; then
  if $check_only; then
    mapfile -t patches < <(ls Tests/Mutants/*.patch Tests/Mutants/unit/*.patch)
  elif $unit; then
    mapfile -t patches < <(ls Tests/Mutants/unit/*.patch)
  else
    mapfile -t patches < <(ls Tests/Mutants/*.patch)
  fi
fi
[ ${#patches[@]} -gt 0 ] || { echo "no patches in Tests/Mutants" >&2; exit 1; }

if $check_only; then
  bad=0
  for patch in "${patches[@]}"; do
    if git apply --check "$patch" 2>/tmp/mutant-apply.err; then
      printf 'applies  %s\n' "$(basename "$patch")"
    else
      printf 'STALE    %s: %s\n' "$(basename "$patch")" "$(head -1 /tmp/mutant-apply.err)"
      bad=1
    fi
  done
  echo "${#patches[@]} mutant patches checked"
  exit $bad
fi

out=.build/mutants
mkdir -p "$out"
applied=""
restore() {
  if [ -n "$applied" ]; then git apply -R "$applied" && applied=""; fi
}
trap 'restore' EXIT
trap 'restore; exit 130' INT TERM

if $unit; then
  echo "building the unmutated tree's tests"
  swift build --build-tests >"$out/unit-build.log" 2>&1 || { tail -30 "$out/unit-build.log"; exit 1; }
  # A kill means something only if the same tests pass without the mutant: a test that fails on
  # its own (../shared missing beside the tree, a server not started) would "kill" every mutant.
  mapfile -t filters < <(for patch in "${patches[@]}"; do sed -n '2s/^# tests: //p' "$patch"; done | sort -u)
  for filter in "${filters[@]}"; do
    [ -n "$filter" ] || continue
    echo "checking that the unmutated tree passes $filter"
    if ! swift test --skip-build --filter "$filter" >"$out/unmutated.test.log" 2>&1; then
      echo "the unmutated tree already fails $filter, so no kill would mean anything:" >&2
      (grep -E '✘ Test|↳' "$out/unmutated.test.log" || tail -20 "$out/unmutated.test.log") | head -20 >&2
      exit 1
    fi
  done
  killed=0 survived=0 broken=0
  rows=()
  for patch in "${patches[@]}"; do
    name="$(basename "$patch" .patch)"
    summary="$(sed -n '1s/^# //p' "$patch")"
    filter="$(sed -n '2s/^# tests: //p' "$patch")"
    [ -n "$filter" ] || { rows+=("| $name | BROKEN | no '# tests:' line |"); broken=$((broken + 1)); continue; }
    if ! git apply "$patch"; then
      rows+=("| $name | STALE | patch does not apply |"); broken=$((broken + 1)); continue
    fi
    applied="$patch"
    printf '%-44s ' "$name"
    if ! swift build --build-tests >"$out/$name.build.log" 2>&1; then
      echo "BROKEN (does not build; see $out/$name.build.log)"
      rows+=("| $name | BROKEN | $summary |"); broken=$((broken + 1))
    else
      verdict=survived log=""
      if ! limited "${MUTANT_TIMEOUT:-300}" "$out/$name.test.log" swift test --skip-build --filter "$filter"; then
        verdict=killed log="$out/$name.test.log"
      elif $whole && ! limited "${MUTANT_WHOLE_TIMEOUT:-900}" "$out/$name.whole.log" swift test --skip-build; then
        verdict="killed by the whole suite" log="$out/$name.whole.log"
      fi
      if [ "$verdict" = survived ]; then
        echo "SURVIVED ($filter$($whole && echo ', and the whole suite' || true))"
        rows+=("| $name | survived | $summary |"); survived=$((survived + 1))
      else
        caught="$( (grep -oE '✘ Test [^ (]+' "$log" || true) | sed 's/✘ Test //' | (grep -vx run || true) | sort -u | head -3 | paste -sd, -)"
        # A test process that crashed (a trap, an out-of-bounds read) or was stopped names no failing test.
        [ -n "$caught" ] || caught="a crash or time-out of the test process (see $log)"
        echo "$verdict: $caught"
        rows+=("| $name | $verdict | $summary; caught by $caught |"); killed=$((killed + 1))
      fi
    fi
    restore
  done
  swift build --build-tests >/dev/null 2>&1 || true
  total=$((killed + survived))
  score=$(( total > 0 ? killed * 100 / total : 0 ))
  {
    echo "# Unit mutation run, $(date -u +%Y-%m-%dT%H:%MZ), $(git rev-parse --short HEAD 2>/dev/null || echo tree)"
    echo
    echo "| mutant | result | what it plants; which tests caught it |"
    echo "|---|---|---|"
    printf '%s\n' "${rows[@]}"
    echo
    echo "Killed $killed of $total ($score %); survived $survived; broken or stale $broken."
  } >"$out/unit-report.md"
  echo
  echo "Killed $killed of $total ($score %); survived $survived; broken or stale $broken. Report: $out/unit-report.md"
  exit 0
fi

run_contracts() { # $1: json report path; prints nothing; fails when either client's run fails
  local status=0
  .build/debug/stubbank contracts run --db "$out/runs.sqlite" --json "$1" >"$1.log" 2>&1 || status=1
  .build/debug/mybank-contracts contracts run --db "$out/runs.sqlite" --json "${1%.json}.mybank.json" >"${1%.json}.mybank.json.log" 2>&1 || status=1
  return $status
}

build() { # $1: log file
  swift build --product stubbank >"$1" 2>&1 && swift build --product mybank-contracts >>"$1" 2>&1
}

summarise() { # $1: json report (the MyBank one beside it); prints "case (layer)" for each failure, comma-separated
  python3 - "$1" "${1%.json}.mybank.json" <<'PY'
import json, os, sys
bad = []
for path in sys.argv[1:]:
    if os.path.exists(path):
        bad += [r for r in json.load(open(path))["results"] if r["outcome"] in ("failed", "error")]
print(", ".join(f'{r["caseId"]} ({r.get("failingLayer", r["outcome"])})' for r in bad[:4]) + (f" … {len(bad)} in all" if len(bad) > 4 else ""))
PY
}

echo "building the unmutated tree"
build "$out/build.log" || { cat "$out/build.log"; exit 1; }
if ! run_contracts "$out/baseline.json"; then
  echo "the contract run fails without any mutant; fix that first:" >&2
  summarise "$out/baseline.json" >&2
  exit 1
fi

killed=0 survived=0 broken=0
rows=()
for patch in "${patches[@]}"; do
  name="$(basename "$patch" .patch)"
  summary="$(sed -n 's/^Subject: //p;s/^# //p' "$patch" | head -1)"
  if ! git apply "$patch"; then
    rows+=("| $name | STALE | patch does not apply |"); broken=$((broken + 1)); continue
  fi
  applied="$patch"
  printf '%-44s ' "$name"
  rm -f "$out/$name.json" "$out/$name.mybank.json"
  if ! build "$out/$name.build.log"; then
    echo "BROKEN (does not build; see $out/$name.build.log)"
    rows+=("| $name | BROKEN | $summary |"); broken=$((broken + 1))
  elif run_contracts "$out/$name.json"; then
    echo "SURVIVED"
    rows+=("| $name | survived | $summary |"); survived=$((survived + 1))
  else
    caught="$(summarise "$out/$name.json")"
    echo "killed by $caught"
    rows+=("| $name | killed | $caught |"); killed=$((killed + 1))
  fi
  restore
done
build /dev/null || true

total=$((killed + survived))
score=$(( total > 0 ? killed * 100 / total : 0 ))
{
  echo "# Mutation run, $(date -u +%Y-%m-%dT%H:%MZ), $(git rev-parse --short HEAD 2>/dev/null || echo tree)"
  echo
  echo "| mutant | result | caught by (case (layer)) or what it plants |"
  echo "|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Killed $killed of $total ($score %); survived $survived; broken or stale $broken."
} >"$out/report.md"
echo
echo "Killed $killed of $total ($score %); survived $survived; broken or stale $broken. Report: $out/report.md"
