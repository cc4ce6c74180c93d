#!/usr/bin/env bash
# hostile_sgf.sh - SGF files built to cost memory and time, through `tengen gtp` (loadsgf, then
# printsgf): N setup nodes "(;" + ";AE[aa]" x N + ")" for N = 20,000, 100,000 and 300,000 (each
# once kept a board copy per node: 300,000 took 5 GB), passes, and files over the limits of sgf.h,
# which must be refused with the limit named and the game kept.
#
# Memory is checked with `ulimit -v` at sgf.h's bound (80 bytes per input byte) plus room for the
# process itself; an ASan binary, whose shadow memory needs terabytes of address space, runs
# without the limit. Each load must also finish within TIME_LIMIT seconds (it takes well under
# one; before the fix 300,000 nodes took 27 s).
#   bash tests/hostile_sgf.sh <path to tengen>    (from the source root; CTest does this)
set -u
source "$(dirname "$0")/common.bash"
test_start hostile_sgf include/tengen/sgf.h "$@"

TIME_LIMIT=60
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

asan=0
if grep -qa __asan_init "$TENGEN"; then
    asan=1
    echo "note: ASan build, memory not limited (answers and times still checked)"
fi

# write_sgf FILE HEAD UNIT N: HEAD, then UNIT N times, then ")".
write_sgf() {
    awk -v head="$2" -v unit="$3" -v n="$4" \
        'BEGIN { printf "%s", head; for (i = 0; i < n; i++) printf "%s", unit; print ")" }' >"$1"
}

# gtp_bounded INPUT OUTPUT FILE: tengen gtp on INPUT under a memory limit sized for FILE (80 bytes
# per byte of it, plus 512 MB of address space for the process itself: code, libraries, thread
# stacks and arenas take about 270 MB before any command), and a time limit. Returns tengen's exit
# status (124 on timeout).
gtp_bounded() {
    local input=$1 output=$2 file=$3
    local kb=$(($(wc -c <"$file") * 80 / 1024 + 512 * 1024))
    (
        [ "$asan" = 1 ] || ulimit -v "$kb"
        cd "$SCRATCH" && timeout "$TIME_LIMIT" "$TENGEN" gtp <"$input" >"$output" 2>"$SCRATCH/stderr"
    )
}

# load_ok NAME FILE ENTRIES: loadsgf answers "= black", showboard works, printsgf writes the game
# back with ENTRIES setup or move nodes (the root holds the first entry or none).
load_ok() {
    local name=$1 file=$2
    printf 'loadsgf %s\nprintsgf %s\nquit\n' "$file" "$SCRATCH/back.sgf" >"$SCRATCH/in"
    rm -f "$SCRATCH/back.sgf"
    local start=$SECONDS status=0
    gtp_bounded "$SCRATCH/in" "$SCRATCH/out" "$file" || status=$?
    local took=$((SECONDS - start))
    if [ $status -ne 0 ]; then
        fail "$name: exit status $status after ${took}s"
        head -c 400 "$SCRATCH/stderr"
        return
    fi
    if [ "$(head -n 1 "$SCRATCH/out")" != "= black" ] || grep -q '^?' "$SCRATCH/out"; then
        fail "$name: $(head -c 300 "$SCRATCH/out")"
        return
    fi
    [ -s "$SCRATCH/back.sgf" ] || fail "$name: printsgf wrote nothing"
    echo "ok: $name loaded and written back in ${took}s"
}

# refused NAME FILE WORDS: loadsgf answers an error naming WORDS, and the game before is kept.
refused() {
    local name=$1 file=$2 words=$3
    printf 'boardsize 9\nplay b E5\nloadsgf %s\nlist_stones b\nquit\n' "$file" >"$SCRATCH/in"
    local status=0
    gtp_bounded "$SCRATCH/in" "$SCRATCH/out" "$file" || status=$?
    if [ $status -ne 0 ]; then
        fail "$name: exit status $status"
        head -c 400 "$SCRATCH/stderr"
        return
    fi
    local answer
    answer=$(grep '^?' "$SCRATCH/out")
    case "$answer" in
    "? cannot load '$file': "*"$words"*) ;;
    *) fail "$name: answer '$answer', expected an error naming $words" ;;
    esac
    grep -qx '= E5' "$SCRATCH/out" || fail "$name: the game before was not kept: $(cat "$SCRATCH/out")"
    echo "ok: $name refused: ${answer:0:160}"
}

for n in 20000 100000 300000; do
    write_sgf "$SCRATCH/ae$n.sgf" "(;" ";AE[aa]" "$n"
    load_ok "$n setup nodes" "$SCRATCH/ae$n.sgf"
done
write_sgf "$SCRATCH/pass.sgf" "(;" ";B[];W[]" 100000
load_ok "200000 passes" "$SCRATCH/pass.sgf"
# Rectangles: 1,601 nodes of 625 points each, over SGF_MAX_SETUP_POINTS in 16 KB of text.
write_sgf "$SCRATCH/rect.sgf" "(;SZ[25]" ";AB[aa:yy]" 1601
refused "setup rectangles" "$SCRATCH/rect.sgf" SGF_MAX_SETUP_POINTS
write_sgf "$SCRATCH/nodes.sgf" "(" ";" 1000001
refused "a million and one nodes" "$SCRATCH/nodes.sgf" SGF_MAX_NODES

if [ "$failures" -ne 0 ]; then
    echo "hostile_sgf: $failures failure(s)"
    exit 1
fi
echo "hostile_sgf: all passed"
