#!/usr/bin/env bash
# Builds Examples/GeneratedClient, whose client apple/swift-openapi-generator makes from
# Docs/openapi.yaml, refusing any warning (a construct the generator skips is a warning, and a
# client silently missing a body); then runs its scenario against a fresh strata-server.
set -euo pipefail
cd "$(dirname "$0")/.."

example=Examples/GeneratedClient
log="$(mktemp)"
data="$(mktemp -d)"
cleanup() {
    [ -n "${server:-}" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    [ -n "${server_build:-}" ] && kill "$server_build" 2>/dev/null && wait "$server_build" 2>/dev/null
    rm -rf "$data" "$log"
}
trap cleanup EXIT

# The demo server builds beside the example (separate build folders; much of each build is serial).
swift build --product strata-server >"$data/server-build.log" 2>&1 &
server_build=$!

# The generator runs only when its input changed: a build that did not run it has nothing to say,
# so its outputs go first and every check sees the generator's own words.
rm -rf "$example/.build/plugins/outputs"
if ! swift build --package-path "$example" 2>&1 | tee "$log"; then
    echo "error: the generated client does not build" >&2
    exit 1
fi
if grep -E '(^|[^a-z])warning: ' "$log" | grep -v "found [0-9]* file(s) which are unhandled" >&2; then
    echo "error: Docs/openapi.yaml made the generator or the compiler warn (above); use only what swift-openapi-generator reads (Docs/API.md)" >&2
    exit 1
fi

if ! wait "$server_build"; then
    cat "$data/server-build.log" >&2
    echo "error: strata-server does not build" >&2
    exit 1
fi
bin="$(swift build --show-bin-path)"
"$bin/strata-server" --port 0 --data "$data/server" --log-level notice 2>"$data/server.log" &
server=$!
url=""
for _ in $(seq 1 100); do
    url="$(grep -o 'http://127.0.0.1:[0-9]*' "$data/server.log" | head -n 1 || true)"
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$data/server.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { echo "error: strata-server did not start" >&2; exit 1; }
"$example/.build/debug/client-check" "$url"
echo "client-check: ok"
