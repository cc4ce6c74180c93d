#!/usr/bin/env bash
# web_static.sh - the web game without a server: builds `make web-static` (build-web-static/),
# serves the folder with a plain static server (python3 -m http.server, no tengen running) and
# plays it in Debian chromium with playwright-core (tests/web_static.mjs) against tengen in the
# page's Web Worker: a 5x5 game to its count with the analysis shown, a reload that keeps it,
# undo, SGF out and in, a handicap game, Atari Go against alpha-beta, a 19x19 move within its
# time, the live thinking, "Move now" (Monte Carlo and alpha-beta) and "Analyse this game". Then
# the same folder served cross-origin isolated (COOP/COEP headers): the page runs one engine worker
# per processor, and a move, an analysis and "Move now" go through all of them.
#
# usage: bash tests/web_static.sh path/to/tengen   (from the source root; CTest does this)
#
# Skipped with a note where the other browser tests are: without emcc, python3, node, npm or
# chromium.
set -u
source "$(dirname "$0")/common.bash"
test_start web_static Makefile "$@"

for tool in emcc python3; do
    if ! command -v "$tool" >/dev/null; then
        echo "note: $tool not found, static web game test skipped (make deps installs it)"
        exit 0
    fi
done
need_chromium "static web game test"
need_node_package "static web game test" playwright-core

if ! make -s -C "$ROOT" -j2 web-static >"$SCRATCH/build.log" 2>&1; then
    tail -n 30 "$SCRATCH/build.log" >&2
    echo "web_static: FAIL: make web-static" >&2
    exit 1
fi

serve_static web_static "$ROOT/build-web-static"

mkdir -p "$SCRATCH/profile"
CHROMIUM=$CHROMIUM timeout 150 node "$ROOT/tests/web_static.mjs" "http://127.0.0.1:$PORT/" "$SCRATCH/profile"
status=$?

# The same folder served cross-origin isolated (COOP/COEP): several engine workers.
kill "$SERVER_PID" 2>/dev/null
wait "$SERVER_PID" 2>/dev/null
serve_static web_static "$ROOT/build-web-static" isolated
mkdir -p "$SCRATCH/profile-isolated"
CHROMIUM=$CHROMIUM timeout 90 node "$ROOT/tests/web_static.mjs" "http://127.0.0.1:$PORT/" "$SCRATCH/profile-isolated" isolated ||
    status=1
exit "$status"
