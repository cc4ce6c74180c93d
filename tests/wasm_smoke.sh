#!/usr/bin/env bash
# wasm_smoke.sh - tengen in the browser: builds the WebAssembly engine (`make wasm`, build-wasm/),
# serves that folder with a plain static server (python3 -m http.server, no tengen running) and
# checks it in Debian chromium with playwright-core (tests/wasm_smoke.mjs): the engine and its
# model load in the Web Worker, genmove plays a legal move, plays and final_score answer right,
# and a stop ends a long genmove at once.
#
# usage: bash tests/wasm_smoke.sh path/to/tengen   (from the source root; CTest does this)
#
# Without emcc (Debian's emscripten, which `make deps` installs), node, npm, chromium or
# python3 (or without the npm registry) the test is skipped with a note, as the browser test of
# the web game is.
set -u
source "$(dirname "$0")/common.bash"
test_start wasm_smoke Makefile "$@"

for tool in emcc python3; do
    if ! command -v "$tool" >/dev/null; then
        echo "note: $tool not found, WebAssembly test skipped (make deps installs it)"
        exit 0
    fi
done
need_chromium "WebAssembly test"
need_node_package "WebAssembly test" playwright-core

# The build is incremental; a first one takes about a minute on two cores.
if ! make -s -C "$ROOT" -j2 wasm >"$SCRATCH/build.log" 2>&1; then
    tail -n 30 "$SCRATCH/build.log" >&2
    echo "wasm_smoke: FAIL: make wasm" >&2
    exit 1
fi

# A static server on a free port (port 0: the system picks; -u so it prints the port at once).
(cd "$ROOT/build-wasm" && exec python3 -u -m http.server 0 --bind 127.0.0.1) >"$SCRATCH/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$SCRATCH"' EXIT
PORT=
for _ in $(seq 1 100); do
    PORT=$(sed -n 's/.* port \([0-9]*\).*/\1/p' "$SCRATCH/server.log" | head -n 1)
    [ -n "$PORT" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$PORT" ]; then
    cat "$SCRATCH/server.log" >&2
    echo "wasm_smoke: FAIL: the static server did not start" >&2
    exit 1
fi

CHROMIUM=$CHROMIUM timeout 120 node "$ROOT/tests/wasm_smoke.mjs" "http://127.0.0.1:$PORT/"
