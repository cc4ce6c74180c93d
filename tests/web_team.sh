#!/usr/bin/env bash
# web_team.sh - team games through the JSON API and their event stream (tests/web_team_api.mjs,
# which starts and restarts `tengen web` itself). Without node the test is skipped with a note.
#   bash tests/web_team.sh <path to tengen>    (from the source root; CTest does this)
set -u
source "$(dirname "$0")/common.bash"
test_start web_team tests/web_team_api.mjs "$@"

if ! command -v node >/dev/null; then
    echo "note: node not found, team game test skipped (make deps installs it)"
    exit 0
fi
node tests/web_team_api.mjs "$TENGEN" "$SCRATCH"
