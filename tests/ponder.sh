#!/usr/bin/env bash
# Pondering (--ponder): after genmove, `tengen gtp` searches on the opponent's time and stops at
# the next input line; the answers are the same protocol as without it, every command is still
# answered, the ponder's playouts are logged on stderr, and the next genmove reuses the tree.
# `tengen play --ponder` ponders while the human types. Without --ponder nothing ponders.
#   bash tests/ponder.sh <path to tengen>
source "$(dirname "$0")/common.bash"
test_start ponder tests/ponder.sh "$@"
fail=0
err() {
    echo "FAIL: $*"
    fail=1
}

# GTP: two genmoves, each followed by a pause of 2 s (the opponent's thinking time) that starts
# once the genmove's answer is out, so that pondering gets its time however slow the genmove
# itself is (sanitizers on a busy machine). The sessions run without the move model: pondering
# does not depend on it, and loading it (most of a second under the sanitizers) would only slow
# them. $1: the file the answers go to; the rest: options.
answered() {
    for _ in $(seq 600); do
        grep -q "^=$2 " "$1" 2>/dev/null && return
        sleep 0.1
    done
}
gtp_session() {
    local out=$1
    shift
    {
        echo 'boardsize 9'
        echo 'komi 7'
        echo '1 genmove b'
        answered "$out" 1
        sleep 2
        echo '2 play w E5'
        echo '3 genmove b'
        answered "$out" 3
        sleep 2
        echo '4 undo'
        echo '5 name'
        echo '6 quit'
    } | timeout 120 "$TENGEN" gtp --model none --playouts 500 --seed 3 "$@" >"$out"
}
gtp_session "$SCRATCH/out" --ponder 2>"$SCRATCH/err" || err "gtp --ponder exited $?"
grep -Eq '^=1 [A-HJ]([1-9])$' "$SCRATCH/out" || err "genmove answer: $(head -c 200 "$SCRATCH/out")"
grep -Eq '^=3 [A-HJ]([1-9])$' "$SCRATCH/out" || err "second genmove answer"
grep -q '^=4 *$' "$SCRATCH/out" || err "undo after pondering not answered"
grep -q '^=5 tengen$' "$SCRATCH/out" || err "name after pondering not answered"
[ "$(grep -c '^=' "$SCRATCH/out")" = 8 ] || err "not every command answered once: $(cat "$SCRATCH/out")"
n=$(grep -c '^tengen: pondered [0-9]* playouts$' "$SCRATCH/err")
[ "$n" = 2 ] || err "expected two ponder reports on stderr, got $n: $(cat "$SCRATCH/err")"
# A second of pondering searches far more than nothing (a loaded machine still gives hundreds).
first=$(sed -n 's/^tengen: pondered \([0-9]*\) playouts$/\1/p' "$SCRATCH/err" | head -1)
[ "${first:-0}" -gt 50 ] || err "the first ponder searched only ${first:-0} playouts"

# Without --ponder: the same answers' shape and no ponder at all.
gtp_session "$SCRATCH/out0" 2>"$SCRATCH/err0" || err "gtp exited $?"
grep -q pondered "$SCRATCH/err0" && err "pondered without --ponder"
[ "$(grep -c '^=' "$SCRATCH/out0")" = 8 ] || err "without --ponder: not every command answered"

# The terminal game: tengen (black) moves, ponders while "the human" waits, the move is played.
{
    sleep 1
    echo 'E5'
    sleep 1
    echo 'quit'
} | timeout 60 "$TENGEN" play --model none --ponder --ai black --playouts 300 --seed 2 >"$SCRATCH/play" 2>&1 ||
    err "play --ponder exited $?"
[ "$(grep -c 'tengen (Black) plays' "$SCRATCH/play")" = 2 ] ||
    err "play --ponder: tengen did not answer the human's move: $(tail -5 "$SCRATCH/play")"

[ $fail = 0 ] && echo "ponder: all checks passed"
exit $fail
