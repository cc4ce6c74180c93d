#!/usr/bin/env bash
# search_merge.sh - the arithmetic of root parallelism in the static page (web/search_merge.js):
# several engine workers' info lines summed, the move chosen among their choices, review answers
# merged (tests/search_merge.mjs, plain node, no browser).
#
# usage: bash tests/search_merge.sh path/to/tengen   (from the source root; CTest does this)
#
# Skipped with a note without node.
set -u
source "$(dirname "$0")/common.bash"
test_start search_merge web/search_merge.js "$@"

if ! command -v node >/dev/null; then
    echo "note: node not found, search merge test skipped (make deps installs it)"
    exit 0
fi
cd "$ROOT" && node tests/search_merge.mjs
