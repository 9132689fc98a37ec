#!/usr/bin/env bash
# Which lines of the package no test runs: a bug planted there survives whatever the tests
# assert, so these are where a planted-bug sweep should look first (Tests/Mutants/README.md).
#
#   Scripts/coverage.sh                      # build with coverage, run every test, report
#   Scripts/coverage.sh --report-only        # report from the last run's data
#   Scripts/coverage.sh --modules StubEngine,StubImport --lines
#
# Options:
#   --modules A,B   the Sources/ folders to report (default: StubEngine, StubImport, StubOpenAPI,
#                   StubRecord, StubInProcess, StubControl)
#   --lines         also print every line no test ran, leaving out lines that only report a
#                   problem (`problems.append`, `throw`, `fail(`) or close a block
#   --report-only   skip the build and the test run
#
# The build goes to .build/coverage (its own scratch path: the usual debug build is left alone).
# A clean coverage build takes about as long as a clean debug build (4 minutes on 2 cores), and
# the test run about 2. Needs ../shared beside the package, as `swift test` does.
set -euo pipefail
cd "$(dirname "$0")/.."

modules="StubEngine,StubImport,StubOpenAPI,StubRecord,StubInProcess,StubControl"
lines=false
report_only=false
while [ $# -gt 0 ]; do
    case "$1" in
        --modules) modules="$2"; shift 2 ;;
        --lines) lines=true; shift ;;
        --report-only) report_only=true; shift ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "coverage.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

scratch=.build/coverage
if ! $report_only; then
    echo "== building the tests with coverage into $scratch" >&2
    swift build --build-tests --enable-code-coverage --scratch-path "$scratch"
    echo "== running every test" >&2
    swift test --skip-build --enable-code-coverage --scratch-path "$scratch" >"$scratch/test.log" 2>&1 \
        || { tail -20 "$scratch/test.log"; echo "coverage.sh: the tests failed; see $scratch/test.log" >&2; exit 1; }
fi

profile="$scratch/debug/codecov/default.profdata"
binary=$(ls -d "$scratch"/debug/*PackageTests.xctest 2>/dev/null | head -1)
[ -f "$profile" ] && [ -n "$binary" ] || { echo "coverage.sh: no coverage data in $scratch; run without --report-only" >&2; exit 1; }
llvm_cov=$(command -v llvm-cov || true)
[ -x "$(dirname "$(command -v swift)")/llvm-cov" ] && llvm_cov="$(dirname "$(command -v swift)")/llvm-cov"
[ -n "$llvm_cov" ] || { echo "coverage.sh: llvm-cov not found beside swift or on PATH" >&2; exit 1; }

pattern="Sources/($(echo "$modules" | tr ',' '|'))/"
"$llvm_cov" report "$binary" -instr-profile "$profile" -ignore-filename-regex '(\.build|Tests|Benchmarks)/' >"$scratch/report.txt"
echo "| file | lines | not run | regions | not run |"
echo "|---|---:|---:|---:|---:|"
awk -v p="$pattern" '$1 ~ p && $9 > 0 { printf "| %s | %d | %d | %d | %d |\n", $1, $8, $9, $2, $3 }' "$scratch/report.txt" \
    | sort -t'|' -k4 -n -r
awk -v p="$pattern" '$1 ~ p { l += $8; m += $9; r += $2; mr += $3 }
    END { if (l) printf "\n%s: %.1f %% of %d lines and %.1f %% of %d regions ran\n", "'"$modules"'", 100 * (l - m) / l, l, 100 * (r - mr) / r, r }' \
    "$scratch/report.txt"

if $lines; then
    echo
    for file in $(awk -v p="$pattern" '$1 ~ p && $9 > 0 { print $1 }' "$scratch/report.txt"); do
        "$llvm_cov" show "$binary" -instr-profile "$profile" "$file" 2>/dev/null \
            | awk -F'|' -v f="$file" '$2 ~ /^ *0$/ { print f ":" $1 "|" $3 }'
    done | grep -v -E 'problems\.append|throw |fail\(|skipped\.append|^[^|]*\| *(\}|\)|return nil|return \[\]|break|default:)$' || true
fi
