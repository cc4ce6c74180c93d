#!/usr/bin/env bash
# sabaki_gtp.sh - a real GTP client test: npm's @sabaki/gtp (the library Sabaki uses) drives
# `tengen gtp` (tests/sabaki_gtp.mjs).
#
# usage: bash tests/sabaki_gtp.sh path/to/tengen   (from the source root; CTest does this)
#
# Installs the package from package-lock.json (`npm ci`) when node_modules is missing. Without
# node and npm (or without the registry), the test is skipped with a note, as the GNU Go
# comparisons are: `make deps` installs nodejs and npm.
set -u
source "$(dirname "$0")/common.bash"
test_start sabaki_gtp package.json "$@"
need_node_package "@sabaki/gtp client test" @sabaki/gtp
cd "$ROOT" && node tests/sabaki_gtp.mjs "$TENGEN"
