# common.bash - the start every shell test shares; sourced, not run (CTest runs tests/*.sh only).
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
