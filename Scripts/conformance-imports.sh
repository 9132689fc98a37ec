#!/usr/bin/env bash
# Imports OpenAPI documents with `stubbank import openapi`, serves each folder alone, and runs
# Schemathesis's response checks against it (positive data, examples and fuzzing phases, 5
# examples per operation): every answer must fit the document that produced it. Requests go
# through the document's servers path, which the import records as basePath.
#
#   Scripts/conformance-imports.sh                      # every document in ../shared/realworld/openapi, ours,
#                                                       # and every WireMock set in ../shared/realworld/wiremock
#   Scripts/conformance-imports.sh path/to/api.yaml …   # any documents
#
# Each document is then imported again with --validate-requests, and Schemathesis's
# positive_data_acceptance check sends requests that fit the document: the stub must accept
# every one (no 400 or 422 from `validate: requests`), in every parameter style and body the
# document uses. Stripe's is checked on its GET operations but four, whose arrays of objects
# in a deepObject query Schemathesis writes as a flat list of keys (`lines=type&lines=amount`),
# which no style defines; its form bodies' arrays of objects are written the same way.
#
# A WireMock set is imported with `stubbank import wiremock`, which replays each converted mapping
# through the written folder; any mapping that answers otherwise than it says fails the run.
# The real-world documents live in ../shared/realworld (beside the repository); a missing one
# fails the run. Installs Schemathesis into .build/conformance-venv on first use.
set -euo pipefail
cd "$(dirname "$0")/.."

specs=("$@")
wiremock_sets=()
if [ ${#specs[@]} -eq 0 ]; then
  [ -d ../shared/realworld/openapi ] || { echo "missing ../shared/realworld/openapi (../shared sits beside the repository)"; exit 1; }
  specs=(../shared/realworld/openapi/*.yaml Contracts/openapi.yaml)
  wiremock_sets=(../shared/realworld/wiremock/*/)
fi
for spec in "${specs[@]}"; do
  [ -f "$spec" ] || { echo "missing $spec (../shared/realworld sits beside the repository)"; exit 1; }
done

venv=.build/conformance-venv
if [ ! -x "$venv/bin/st" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "schemathesis>=4,<5"
fi
swift build --product stubbank >/dev/null
. Scripts/stub-port.sh

work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill $server 2>/dev/null; rm -rf "$work"' EXIT
failed=0
for set in "${wiremock_sets[@]}"; do
  [ -d "$set" ] || continue
  name=$(basename "$set")
  echo "== $set (WireMock)"
  .build/debug/stubbank import wiremock "$set" --out "$work/wiremock-$name" | grep -v '^wrote ' | tee "$work/wiremock-$name.log"
  replay=$(sed -n 's/^Replayed: \([0-9]*\) of \([0-9]*\) .*/\1 \2/p' "$work/wiremock-$name.log")
  read -r matched replayed <<< "$replay"
  if [ -z "$replay" ] || [ "$matched" != "$replayed" ] || [ "$replayed" = 0 ]; then
    echo "FAIL: $set: not every converted mapping answers as it says ($replay)"
    failed=1
  fi
done
for spec in "${specs[@]}"; do
  name=$(basename "$spec" .yaml)
  out="$work/$name"
  echo "== $spec"
  timeout 300 .build/debug/stubbank import openapi "$spec" --out "$out" --seed 1 > "$work/$name-import.log"
  tail -n +1 "$work/$name-import.log" | grep -v '^wrote ' || true
  base=$(sed -n 's/^basePath: //p' "$out/stubbank.yaml")
  log="$work/$name-serve.log"
  .build/debug/stubbank serve --port 0 --log-level warning --stubs "$out" > "$log" 2>&1 &
  server=$!
  port=$(stub_port "$log" $server)
  # Each request gets 10 s, and the whole run 10 minutes: a stub that stops answering fails, not hangs.
  if ! timeout 600 "$venv/bin/st" run "$spec" --url "http://127.0.0.1:$port$base" --mode positive --max-examples 5 \
      --request-timeout 10 \
      --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
      --phases examples,fuzzing --seed 20261124 --generation-codec ascii --warnings off; then
    failed=1
  fi
  kill $server; wait $server 2>/dev/null || true
  server=""
done
for spec in "${specs[@]}"; do
  name=$(basename "$spec" .yaml)
  out="$work/$name-validating"
  echo "== $spec (validate: requests; requests that fit the document are accepted)"
  timeout 300 .build/debug/stubbank import openapi "$spec" --out "$out" --seed 1 --validate-requests > /dev/null
  base=$(sed -n 's/^basePath: //p' "$out/stubbank.yaml")
  log="$work/$name-validating-serve.log"
  .build/debug/stubbank serve --port 0 --log-level warning --stubs "$out" > "$log" 2>&1 &
  server=$!
  port=$(stub_port "$log" $server)
  only=()
  case "$name" in
    stripe-*) only=(--include-method GET --exclude-path-regex '^/v1/(credit_notes/preview|invoices/upcoming)') ;;
  esac
  if ! timeout 600 "$venv/bin/st" run "$spec" --url "http://127.0.0.1:$port$base" --mode positive --max-examples 5 \
      --request-timeout 10 --checks positive_data_acceptance "${only[@]}" \
      --phases examples,fuzzing --seed 20261124 --generation-codec ascii --warnings off; then
    failed=1
  fi
  kill $server; wait $server 2>/dev/null || true
  server=""
done
exit $failed
