#!/usr/bin/env bash
# web_team_e2e.sh - a team game in a real browser: 20 voters in 20 contexts of Debian chromium,
# driven by npm's playwright-core (tests/web_team.mjs), against `tengen web`. Screenshots go to
# web-e2e-artifacts/ beside the binary. Without node, npm or chromium the test is skipped with a
# note: `make deps` installs them.
#   bash tests/web_team_e2e.sh <path to tengen>    (from the source root; CTest does this)
set -u
source "$(dirname "$0")/common.bash"
test_start web_team_e2e tests/web_team.mjs "$@"

need_chromium "team game browser test"
need_node_package "team game browser test" playwright-core

ARTIFACTS=${WEB_E2E_ARTIFACTS:-$(dirname "$TENGEN")/web-e2e-artifacts}
mkdir -p "$ARTIFACTS"
LOG=$SCRATCH/server.log
"$TENGEN" web --host 127.0.0.1 --port 0 --data "$SCRATCH/data" --threads 2 >"$LOG" 2>&1 &
PID=$!
trap 'kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$SCRATCH"' EXIT
URL=
for _ in $(seq 1 200); do
    URL=$(grep -so 'http://127\.0\.0\.1:[0-9]*/' "$LOG" | head -n 1)
    [ -n "$URL" ] && break
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$URL" ]; then
    echo "web_team_e2e: FAIL: tengen web did not start: $(cat "$LOG")"
    exit 1
fi
if ! timeout 480 node tests/web_team.mjs "$URL" "$ARTIFACTS"; then
    echo "web_team_e2e: FAIL; the server said:"
    tail -n 30 "$LOG"
    exit 1
fi
