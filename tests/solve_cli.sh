#!/usr/bin/env bash
# tengen solve from the command line: the small-board values with their principal variations, the
# superko variants ending (2x2 under situational superko and simple ko once never finished its
# principal variation, and df-pn went round in circles on some 2x2 positions), a single test, a limit hit before any bound ("unknown", not a capture
# win of -2000 plies), and bad options refused with a message and exit code 2.
#   bash tests/solve_cli.sh <path to tengen>
set -u
. "$(dirname "$0")/common.bash"
test_start solve_cli tests/solve_cli.sh "$@"
fail=0
err() {
    echo "FAIL: $*"
    fail=1
}

# args, expected result line; each run is bounded in time so that a hang fails instead of waiting.
expect_result() {
    local want=$1
    shift
    local out
    out=$(timeout 120 "$TENGEN" solve "$@" 2>&1)
    local rc=$?
    [ "$rc" = 0 ] || err "solve $*: exit $rc"
    grep -qx "result: $want" <<<"$out" || err "solve $*: wanted 'result: $want', got: $(grep result <<<"$out")"
    printf '%s\n' "$out" | sed -n 's/^\(result\|pv\):/solve '"$*"': &/p'
}

expect_result "B+1 (exact)" --size 2
expect_result "B+1 (exact)" --size 2 --ko situational
expect_result "B+1 (exact)" --size 2 --ko simple
# df-pn went round in circles on these for ever (results that depend on the path): after a
# million expansions without a new position the alpha-beta prover answers (the values it and
# --method ab give).
for ko in situational simple; do
    expect_result "B+1 (exact)" --size 2 --ko "$ko" --moves A1,B2
    expect_result "B+1 (exact)" --size 2 --ko "$ko" --moves B2,A1
done
expect_result "W+1 (exact)" --size 2 --moves A2,B1,pass
expect_result "W+1 (exact)" --size 2 --moves A2,B1,pass --method ab
timeout 120 "$TENGEN" solve --size 2 --ko situational --moves A1,B2 | grep -q "round in circles" ||
    err "2x2 after A1,B2: the change of prover is not reported"
expect_result "B+9 (exact)" --size 3
expect_result "W+9 (exact)" --size 3 --moves A1
expect_result "B+25 (exact)" --size 5 --moves C3,D3,D2,D4,C4,B2,C2,C5,B4,B5,E2,B1,A2 --at-least 25
expect_result "unknown (the limit came before the first bound)" --size 5 --nodes 1000

# The principal variation of 3x3 is the centre, then two passes.
"$TENGEN" solve --size 3 | grep -qx "pv: B B2 W pass B pass" || err "3x3: principal variation"

# Bad input: a message on stderr, exit code 2, nothing on stdout.
for bad in "--size 1" "--size 3 --moves Z9" "--size 3 --moves B2,B2" "--from $SCRATCH/none.sgf" \
    "--size 3 --ko sometimes" "--size 3 --method magic" "--size 3 --bogus"; do
    # shellcheck disable=SC2086
    out=$("$TENGEN" solve $bad 2>"$SCRATCH/err")
    rc=$?
    [ "$rc" = 2 ] || err "solve $bad: exit $rc, wanted 2"
    [ -z "$out" ] || err "solve $bad: printed on stdout"
    [ -s "$SCRATCH/err" ] || err "solve $bad: no message"
done

[ "$fail" = 0 ] && echo "solve_cli: all passed"
exit "$fail"
