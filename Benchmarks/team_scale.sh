#!/usr/bin/env bash
# How fast the team store answers with a large history: fills a fresh database with a generated
# history of about 1 million case results (3,400 runs of 300 cases, 60 days, 4 machine classes,
# 2 clients, 12 branches, flaky, environment-dependent and drifting cases planted), the way
# `runs push` would have (runs, case rows, inputs, daily counters), then times each question
# through the real command, end to end (process start and connection included).
#
#   Benchmarks/team_scale.sh                    # starts its own PostgreSQL (Scripts/team-postgres.sh)
#   Benchmarks/team_scale.sh --binary .build/release/stubbank
#
# Not a test: timings vary with the machine. Results go to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/debug/stubbank
[ "${1:-}" = --binary ] && binary=$2
[ -x "$binary" ] || swift build --product stubbank

eval "$(Scripts/team-postgres.sh start)"
trap 'Scripts/team-postgres.sh stop "$TEAM_PG_DIR"' EXIT
psql_() { psql -q -v ON_ERROR_STOP=1 "host=$TEAM_PG_DIR port=5433 user=stubbank dbname=$1" "${@:2}"; }
psql_ stubbank_test -c "CREATE DATABASE team_scale"
url="postgres://stubbank@/team_scale?host=$TEAM_PG_DIR&port=5433"
"$binary" team migrate --to "$url" >/dev/null

echo "generating the history (about a minute)"
start=$(date +%s)
psql_ team_scale <<'SQL'
SELECT setseed(0.20261125);
-- 3,400 runs over 60 days: commits change every 40 runs, 4 machine classes, 2 clients, 12 branches.
INSERT INTO team_run (id, client, started_at, ended_at, status, client_commit, branch, stub_commit, contract_hash,
    contractkit_version, machine, machine_class, total, passed, failed, errored, not_covered, content_hash)
SELECT 'run-' || n, CASE WHEN n % 3 = 0 THEN 'mybank' ELSE 'reference' END,
    now() - make_interval(mins => (3400 - n) * 25), now() - make_interval(mins => (3400 - n) * 25 - 1),
    'passed', 'commit-' || (n / 40), CASE WHEN n % 4 = 0 THEN 'feature/' || (n % 11) ELSE 'main' END,
    'stub-' || (n / 120), 'contract-' || (n / 200), '0.4.0', 'ci-' || (n % 9),
    (ARRAY['linux/x86_64/swift-6.3', 'linux/arm64/swift-6.3', 'macos/arm64/swift-6.3', 'macos/arm64/swift-6.2'])[1 + n % 4],
    300, 300, 0, 0, 0, md5('run-' || n)
FROM generate_series(1, 3400) AS n;
-- 300 cases per run: 1,020,000 rows. Cases 0-5 are flaky (10 % failures anywhere), 6-8 fail only
-- on macOS (environment-dependent), 9-11 always pass with two observations (drift).
INSERT INTO team_case_result (run_id, case_id, operation, outcome, failing_layer, message, fingerprint, duration_ms, requests, inputs_hash)
SELECT r.id, 'case.' || c, 'op.' || (c % 40),
    CASE WHEN c < 6 AND random() < 0.1 THEN 'failed'
         WHEN c BETWEEN 6 AND 8 AND r.machine_class LIKE 'macos%' THEN 'failed' ELSE 'passed' END,
    NULL, NULL,
    CASE WHEN c BETWEEN 9 AND 11 THEN md5('print-' || c || '-' || (random() < 0.5)::text) ELSE md5('print-' || c) END,
    3.5, 1, md5('case.' || c || r.client_commit || r.stub_commit || r.contract_hash)
FROM team_run r, generate_series(0, 299) AS c;
INSERT INTO team_inputs (inputs_hash, definition_hash, client_commit, stub_commit, contract_hash)
SELECT DISTINCT ON (c.inputs_hash) c.inputs_hash, md5(c.case_id), r.client_commit, r.stub_commit, r.contract_hash
FROM team_case_result c JOIN team_run r ON r.id = c.run_id ORDER BY c.inputs_hash;
INSERT INTO team_case_day (client, case_id, inputs_hash, machine_class, day, passed, failed)
SELECT r.client, c.case_id, c.inputs_hash, r.machine_class, (r.started_at AT TIME ZONE 'UTC')::date,
    count(*) FILTER (WHERE c.outcome = 'passed'), count(*) FILTER (WHERE c.outcome <> 'passed')
FROM team_case_result c JOIN team_run r ON r.id = c.run_id GROUP BY 1, 2, 3, 4, 5;
INSERT INTO team_fingerprint_day (client, case_id, inputs_hash, fingerprint, day, runs)
SELECT r.client, c.case_id, c.inputs_hash, c.fingerprint, (r.started_at AT TIME ZONE 'UTC')::date, count(*)
FROM team_case_result c JOIN team_run r ON r.id = c.run_id WHERE c.outcome = 'passed' GROUP BY 1, 2, 3, 4, 5;
INSERT INTO team_release (client, client_commit) VALUES ('reference', 'commit-80'), ('mybank', 'commit-81');
ANALYZE;
SQL
echo "generated in $(( $(date +%s) - start )) s:"
psql_ team_scale -At -c "SELECT (SELECT count(*) FROM team_run) || ' runs, ' || (SELECT count(*) FROM team_case_result) || ' case results, '
    || (SELECT count(*) FROM team_case_day) || ' daily counters, ' || (SELECT count(*) FROM team_fingerprint_day) || ' fingerprint counters'"

time_it() {
  local label=$1; shift
  local best=999
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s.%N); "$binary" "$@" --to "$url" >/tmp/team-scale-out.txt 2>&1 || true; t1=$(date +%s.%N)
    best=$(python3 -c "print(min($best, $t1 - $t0))")
  done
  printf '| %s | %.3f s | %s |\n' "$label" "$best" "$(tail -1 /tmp/team-scale-out.txt | cut -c1-70)"
}
echo
echo "| question (best of 3, whole command) | time | last line |"
echo "|---|---:|---|"
time_it "team flaky --window 14d" team flaky --window 14d
time_it "team flaky --window 60d" team flaky --window 60d
time_it "team drift --window 14d" team drift --window 14d
time_it "team env-split --window 14d" team env-split --window 14d
time_it "team history case.3" team history case.3
time_it "team can-release --stub stub-27" team can-release --stub stub-27
time_it "team prune --dry-run" team prune --dry-run
