#!/usr/bin/env bash
# web_e2e.sh - the web game end to end in a real browser: Debian chromium driven by npm's
# playwright-core (tests/web_e2e.mjs) plays against `tengen web`.
#
# usage: bash tests/web_e2e.sh path/to/tengen   (from the source root; CTest does this)
#
# Starts `tengen web` on a free port with a scratch data folder, runs the browser part in two
# phases with one browser profile, and in between checks the downloaded SGF with tengen's own
# reader (`loadsgf` in `tengen gtp`) and restarts the server on the same port: the page must find
# its game again. Screenshots go to $WEB_E2E_ARTIFACTS (default: web-e2e-artifacts/ beside the
# binary, i.e. build/web-e2e-artifacts/). WEB_E2E_WEB_DIR=web serves the page from the source
# folder instead of the copy built into the binary (for work on the page); WEB_E2E_VERBOSE=1
# prints the time of each browser step. Without node, npm or chromium (or without the npm
# registry) the test is skipped with a note, as the GNU Go comparisons are: `make deps` installs
# them.
set -u
source "$(dirname "$0")/common.bash"
test_start web_e2e web/index.html "$@"

need_chromium "web end-to-end test"
need_node_package "web end-to-end test" playwright-core

ARTIFACTS=${WEB_E2E_ARTIFACTS:-$(dirname "$TENGEN")/web-e2e-artifacts}
mkdir -p "$ARTIFACTS"
rm -f "$ARTIFACTS"/*.png "$ARTIFACTS"/*.sgf "$ARTIFACTS"/*.log
DATA="$SCRATCH/data"
PROFILE="$SCRATCH/profile"
SERVER_PID=
SERVER_LOG=

fail() {
    echo "web_e2e: FAIL: $*" >&2
    [ -n "$SERVER_LOG" ] && [ -f "$SERVER_LOG" ] && sed 's/^/  server: /' "$SERVER_LOG" | tail -n 30 >&2
    exit 1
}

stop_server() {
    if [ -n "$SERVER_PID" ]; then
        kill "$SERVER_PID" 2>/dev/null
        # A clean stop saves and releases the data folder's lock; give it a moment, then insist.
        for _ in $(seq 1 100); do
            kill -0 "$SERVER_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill -9 "$SERVER_PID" 2>/dev/null
        wait "$SERVER_PID" 2>/dev/null
        SERVER_PID=
    fi
}
trap 'stop_server; [ -n "${KEEP:-}" ] || rm -rf "$SCRATCH"' EXIT

# start_server PORT LOG: starts tengen web and sets URL from the address it prints.
start_server() {
    SERVER_LOG=$2
    local webdir=()
    [ -n "${WEB_E2E_WEB_DIR:-}" ] && webdir=(--web-dir "$WEB_E2E_WEB_DIR")
    "$TENGEN" web --host 127.0.0.1 --port "$1" --data "$DATA" --threads 2 "${webdir[@]}" >"$SERVER_LOG" 2>&1 &
    SERVER_PID=$!
    URL=
    for _ in $(seq 1 200); do
        URL=$(grep -so 'http://127\.0\.0\.1:[0-9]*/' "$SERVER_LOG" | head -n 1)
        [ -n "$URL" ] && break
        kill -0 "$SERVER_PID" 2>/dev/null || fail "tengen web did not start"
        sleep 0.1
    done
    [ -n "$URL" ] || fail "tengen web printed no address"
    for _ in $(seq 1 100); do
        curl -fs "${URL}api/status" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    fail "tengen web does not answer at $URL"
}

run_phase() {
    # Each step has its own limit in the .mjs; this bounds a browser that hangs as a whole.
    (cd "$ROOT" && timeout 180 node tests/web_e2e.mjs "$1" "$URL" "$PROFILE" "$ARTIFACTS" "$SCRATCH") ||
        fail "browser phase '$1'"
}

start_server 0 "$ARTIFACTS/server1.log"
PORT=$(echo "$URL" | sed 's|.*:\([0-9]*\)/$|\1|')
run_phase play

# The SGF the page downloaded loads in tengen's own reader, with the result of the game.
SGF="$ARTIFACTS/game.sgf"
[ -s "$SGF" ] || fail "no SGF downloaded"
grep -q 'RE\[[BW0]' "$SGF" || fail "the downloaded SGF has no result: $(head -c 300 "$SGF")"
answer=$(printf 'loadsgf %s\nquit\n' "$SGF" | "$TENGEN" gtp 2>&1 | head -n 1)
# Success is "=" and the colour to move.
case "$answer" in
"= black" | "= white") ;;
*) fail "loadsgf of the downloaded SGF answered '$answer'" ;;
esac

# A restart of the server (same port, so the page's origin and its localStorage are the same).
stop_server
start_server "$PORT" "$ARTIFACTS/server2.log"
run_phase resume
stop_server
echo "web_e2e: ok (screenshots in $ARTIFACTS)"
