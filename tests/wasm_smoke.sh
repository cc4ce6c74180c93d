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

serve_static wasm_smoke "$ROOT/build-wasm"

CHROMIUM=$CHROMIUM timeout 120 node "$ROOT/tests/wasm_smoke.mjs" "http://127.0.0.1:$PORT/"
