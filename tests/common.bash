# common.bash - what the shell tests share; sourced, not run (CTest runs tests/*.sh only).
#
# test_start NAME REQUIRED "$@": checks that the script got exactly one argument, an executable
# tengen binary, and runs from the source root (the path REQUIRED, relative to it, exists); sets
# TENGEN (absolute path) and ROOT, exports LC_ALL=C, and makes a scratch directory SCRATCH that is
# removed at exit unless KEEP is set. Exits 2 with a message otherwise.
test_start() {
    local name=$1 required=$2
    shift 2
    if [ $# -ne 1 ]; then
        echo "usage: bash tests/$name.sh path/to/tengen" >&2
        exit 2
    fi
    TENGEN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    ROOT=$(pwd)
    if [ ! -x "$TENGEN" ] || [ ! -e "$ROOT/$required" ]; then
        echo "$name: need an executable tengen and to run from the source root" >&2
        exit 2
    fi
    export LC_ALL=C
    SCRATCH=$(mktemp -d)
    trap '[ -n "${KEEP:-}" ] || rm -rf "$SCRATCH"' EXIT
}

# need_node_package WHAT PACKAGE: node, npm and node_modules/PACKAGE, installed from the lock file
# (`npm ci`) when missing. Without node or npm, or when the install fails (no npm registry), the
# test WHAT is skipped with a note (exit 0), as the GNU Go comparisons are: `make deps` installs
# node and npm.
need_node_package() {
    local what=$1 package=$2
    if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
        echo "note: node or npm not found, $what skipped"
        exit 0
    fi
    [ -d "$ROOT/node_modules/$package" ] && return 0
    local install=(npm ci --no-audit --no-fund)
    [ -f "$ROOT/package-lock.json" ] || install=(npm install --no-audit --no-fund)
    # Parallel CTest runs may start two installs: one lock keeps them from racing.
    if ! (cd "$ROOT" && flock "$ROOT/package.json" "${install[@]}" >/dev/null 2>&1) &&
        [ ! -d "$ROOT/node_modules/$package" ]; then
        echo "note: '${install[*]}' failed (no registry?), $what skipped"
        exit 0
    fi
}

# need_chromium WHAT: sets CHROMIUM (default Debian's /usr/bin/chromium); if it is not there, the
# test WHAT is skipped with a note (exit 0): `make deps` installs it.
need_chromium() {
    CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
    if [ ! -x "$CHROMIUM" ]; then
        echo "note: $CHROMIUM not found, $1 skipped"
        exit 0
    fi
}

# serve_static NAME DIR [isolated]: a python3 static server on a free port for DIR (port 0: the
# system picks; -u so it prints the port at once); with `isolated`, every answer carries the
# headers that make a page cross-origin isolated (COOP same-origin, COEP require-corp). Sets
# SERVER_PID and PORT, and stops the server (and removes SCRATCH unless KEEP is set) at exit.
# Fails the test NAME if it does not start.
serve_static() {
    local program='import http.server, sys
class Isolated(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Isolated)
print("Serving HTTP on 127.0.0.1 port %d (cross-origin isolated)" % server.server_address[1])
server.serve_forever()'
    if [ "${3:-}" = isolated ]; then
        (cd "$2" && exec python3 -u -c "$program") >"$SCRATCH/server.log" 2>&1 &
    else
        (cd "$2" && exec python3 -u -m http.server 0 --bind 127.0.0.1) >"$SCRATCH/server.log" 2>&1 &
    fi
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
        echo "$1: FAIL: the static server did not start" >&2
        exit 1
    fi
}
