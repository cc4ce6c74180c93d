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
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "note: node or npm not found, @sabaki/gtp client test skipped"
    exit 0
fi
if [ ! -d "$ROOT/node_modules/@sabaki/gtp" ]; then
    if [ -f "$ROOT/package-lock.json" ]; then
        install=(npm ci --no-audit --no-fund)
    else
        install=(npm install --no-audit --no-fund)
    fi
    # Parallel CTest runs may start two installs: one lock keeps them from racing.
    if ! (cd "$ROOT" && flock "$ROOT/package.json" "${install[@]}" >/dev/null 2>&1) &&
        [ ! -d "$ROOT/node_modules/@sabaki/gtp" ]; then
        echo "note: '${install[*]}' failed (no registry?), @sabaki/gtp client test skipped"
        exit 0
    fi
fi
cd "$ROOT" && node tests/sabaki_gtp.mjs "$TENGEN"
