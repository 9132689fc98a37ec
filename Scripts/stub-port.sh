# Sourced by the scripts that start `stubbank serve --port 0`: waits for the banner, which
# carries the port the kernel picked, and prints that port; exits the script if the stub stops
# first or never says. Usage: port=$(stub_port "$log" "$server")
stub_port() {
  local log=$1 pid=$2 port=""
  for _ in $(seq 1 300); do
    port=$(sed -n 's#^StubBank listening on http://127.0.0.1:\([0-9]*\)$#\1#p' "$log")
    [ -n "$port" ] && { echo "$port"; return 0; }
    kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; echo "stub exited before listening" >&2; return 1; }
    sleep 0.1
  done
  cat "$log" >&2
  echo "stub did not report its port" >&2
  return 1
}
