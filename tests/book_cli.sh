#!/usr/bin/env bash
# tengen book: a proof in parts. On 3x3: a book run proves the open positions and appends them,
# after which check says proven (exit 0) and a second run has nothing to do; two runs with
# --worker share the open positions of one book; a wrong answer is
# reported as refuted with the answer named; results in another orientation close positions by
# symmetry; two passes end a line with the count; a run leaves alone the position another live
# run noted it is proving; a limit leaves the position open, and so does
# an interrupted run, which records what it spent; every bad
# book or command line is refused with a message and exit code 2; the 5x5 proofs in docs/proofs
# (C3 B+25, C2 B+3) check as proven.
#   bash tests/book_cli.sh <path to tengen>
set -u
. "$(dirname "$0")/common.bash"
test_start book_cli docs/proofs/5x5-c3.book "$@"
fail=0
err() {
    echo "FAIL: $*"
    fail=1
}

book() { # book FILE LINES...: write a book
    local f=$1
    shift
    printf '%s\n' "$@" >"$f"
}

# check, then run, then check: the open positions are proven and recorded.
b=$SCRATCH/centre.book
book "$b" "size 3" "at-least 9" "root B2"
out=$("$TENGEN" book check "$b")
rc=$?
[ "$rc" = 1 ] || err "open book: check exit $rc, wanted 1"
grep -qx "status: open: 3 positions to prove" <<<"$out" || err "open book: $out"
[ "$(grep -c '^open B2,' <<<"$out")" = 3 ] || err "open book: the open positions: $out"
out=$("$TENGEN" book run "$b")
rc=$?
[ "$rc" = 0 ] || err "run: exit $rc, wanted 0: $out"
grep -qx "status: proven" <<<"$out" || err "run: $out"
[ "$(grep -c '^proven B2,' "$b")" = 3 ] || err "run: the results appended: $(cat "$b")"
grep -q '^# tengen book run, ' "$b" || err "run: no stamp"
"$TENGEN" book check "$b" >/dev/null || err "check after run: not proven"
before=$(wc -l <"$b")
"$TENGEN" book run "$b" >/dev/null || err "second run: not proven"
[ "$(wc -l <"$b")" = "$before" ] || err "second run: appended to a proven book"

# Two runs share one book: each starts with its own share (the positions below one white
# move go to one run), and a run whose share is done helps with the rest.
b=$SCRATCH/shared.book
book "$b" "size 3" "at-least 9" "root B2" "answer B2,A3 C1" "answer B2,B3 A2"
cp "$b" "$b.0"
cp "$b" "$b.1"
"$TENGEN" book run "$b.0" --worker 0/2 --positions 1 >/dev/null
"$TENGEN" book run "$b.1" --worker 1/2 --positions 1 >/dev/null
first0=$(grep '^proven' "$b.0")
first1=$(grep '^proven' "$b.1")
[ -n "$first0" ] && [ -n "$first1" ] && [ "$first0" != "$first1" ] ||
    err "workers 0/2 and 1/2 started with the same position: '$first0' '$first1'"
"$TENGEN" book run "$b" --worker 0/2 >/dev/null || err "worker 0/2 did not finish the book"

# A run notes the position it is proving ("working MOVES pid P host H"); other runs leave a
# position alone while the run that noted it lives (on this host) and no result followed.
b=$SCRATCH/claims.book
book "$b" "size 3" "at-least 9" "root B2"
first=$("$TENGEN" book check "$b" | sed -n 's/^open //p' | head -1)
host=$(uname -n)
printf 'working %s pid %d host %s\n' "$first" $$ "$host" >>"$b"
out=$("$TENGEN" book check "$b")
grep -qx "open $first (run $$ is proving it)" <<<"$out" || err "claims: check: $out"
"$TENGEN" book run "$b" --positions 1 >/dev/null
grep -q "^proven $first " "$b" && err "claims: a live run's position was taken: $(cat "$b")"
grep -q "^working [A-C0-9,]* pid [0-9]* host " "$b" || err "claims: the run noted nothing"
out=$("$TENGEN" book run "$b")
[ $? = 1 ] || err "claims: a run with only a live run's position left: not exit 1"
grep -qx "status: open: 1 positions to prove" <<<"$out" || err "claims: $out"
sleep 0 &
dead=$!
wait $dead
printf 'working %s pid %d host %s\n' "$first" "$dead" "$host" >"$SCRATCH/dead.line"
book "$b" "size 3" "at-least 9" "root B2" "$(cat "$SCRATCH/dead.line")"
"$TENGEN" book check "$b" | grep -q "is proving it" && err "claims: a dead run's note counts"
book "$b" "size 3" "at-least 9" "root B2" "working $first pid $$ host $host" \
    "unknown $first nodes 10 cpu 0.1 depth 3"
"$TENGEN" book check "$b" | grep -q "is proving it" && err "claims: a note followed by a result counts"
book "$b" "size 3" "at-least 9" "root B2" "working $first pid $$ host elsewhere-$host"
"$TENGEN" book check "$b" | grep -q "is proving it" && err "claims: another host's note counts"

# The other direction, white proving: after B1,B2 (black's value B+3: the principal variation),
# white's answer A2 to B3 holds black to 3; "at most 2" after B1 is refuted.
b=$SCRATCH/most.book
book "$b" "size 3" "at-most 3" "root B1,B2" "answer B1,B2,B3 A2"
out=$("$TENGEN" book run "$b")
[ $? = 0 ] || err "at-most 3: not proven: $out"
grep -q "^claim: black gets at most 3 on 3x3 after B1,B2" <<<"$out" || err "at-most 3: $out"
grep -q "^proven B1,B2,B3,A2," "$b" || err "at-most 3: black's moves after the answer not walked"
book "$b" "size 3" "at-most 2" "root B1"
"$TENGEN" book run "$b" >/dev/null && err "at-most 2 after B1 (B+3): proven"
grep -q "^refuted B1 " "$b" || err "at-most 2: $(cat "$b")"

# Results in another orientation count by symmetry; B2,pass answered by a pass ends the game
# with all 9 points for black.
b=$SCRATCH/sym.book
book "$b" "size 3" "at-least 9" "root B2" "proven B2,C2 nodes 5" "proven B2,C1" \
    "answer B2,pass pass"
out=$("$TENGEN" book check "$b")
[ $? = 0 ] || err "symmetry: not proven: $out"
grep -q "^proof so far: 3 results used, 1 white positions expanded, 5 expansions" <<<"$out" ||
    err "symmetry: $out"
# Not a symmetric history: after B1 the points A2 and C2 are images, A2 and B2 are not.
book "$b" "size 3" "at-least 3" "root B1" "proven B1,C2"
out=$("$TENGEN" book check "$b")
grep -q "^open B1,A2" <<<"$out" && err "symmetry: B1,C2 should close B1,A2: $out"
grep -q "^open B1,B2" <<<"$out" || err "symmetry: B1,B2 closed by B1,C2: $out"

# A limit leaves the position open, recorded as unknown.
b=$SCRATCH/limit.book
book "$b" "size 4" "at-least 2" "root B2"
out=$("$TENGEN" book run "$b" --nodes 10 --positions 2)
rc=$?
[ "$rc" = 1 ] || err "limit: exit $rc, wanted 1"
[ "$(grep -c '^unknown B2,' "$b")" = 2 ] || err "limit: $(cat "$b")"
grep -q "^status: open" <<<"$out" || err "limit: $out"

# Interrupted (SIGTERM, as at the end of a session): the position is recorded as unknown with what
# it cost so far, and the run ends at once.
b=$SCRATCH/interrupted.book
book "$b" "size 5" "at-least 25" "root C3,D3,D2,D4,C4"
"$TENGEN" book run "$b" >"$SCRATCH/int.out" 2>&1 &
pid=$!
sleep 3
kill -TERM "$pid"
wait "$pid"
rc=$?
[ "$rc" = 1 ] || err "interrupted run: exit $rc, wanted 1"
grep -q '^unknown C3,D3,D2,D4,C4,[A-E1-5]* nodes [0-9]* cpu .*(interrupted)$' "$b" ||
    err "interrupted run: not recorded: $(cat "$b")"

# The 5x5 proofs are complete (B+25 after C3; at least 3 and at most 3 after C2): every line of
# their trees ends at a recorded proof or a count (the proofs themselves are not repeated here:
# hours of processor time).
out=$("$TENGEN" book check "$ROOT/docs/proofs/5x5-c3.book")
rc=$?
[ "$rc" = 0 ] || err "5x5 C3 book: exit $rc, wanted 0 (proven): $out"
grep -q "^claim: black gets at least 25 on 5x5 after C3" <<<"$out" || err "5x5 C3 book: $out"
grep -qx "status: proven" <<<"$out" || err "5x5 C3 book: $out"
for side in least most; do
    out=$("$TENGEN" book check "$ROOT/docs/proofs/5x5-c2-at-$side.book")
    rc=$?
    [ "$rc" = 0 ] || err "5x5 C2 at-$side book: exit $rc, wanted 0 (proven): $out"
    grep -q "^claim: black gets at $side 3 on 5x5 after C2" <<<"$out" ||
        err "5x5 C2 at-$side book: $out"
    grep -qx "status: proven" <<<"$out" || err "5x5 C2 at-$side book: $out"
done

# Bad books and command lines: a message on stderr, exit code 2, nothing on stdout.
bad_book() { # description, lines...
    local what=$1
    shift
    book "$SCRATCH/bad.book" "$@"
    local out rc
    out=$("$TENGEN" book check "$SCRATCH/bad.book" 2>"$SCRATCH/err")
    rc=$?
    [ "$rc" = 2 ] || err "bad book ($what): exit $rc, wanted 2"
    [ -z "$out" ] || err "bad book ($what): printed on stdout"
    [ -s "$SCRATCH/err" ] || err "bad book ($what): no message"
}
bad_book "no goal" "size 3" "root B2"
bad_book "no size" "at-least 3"
bad_book "unknown line" "size 3" "at-least 3" "prove B2"
bad_book "bad vertex" "size 3" "at-least 3" "proven Z9"
bad_book "illegal sequence" "size 3" "at-least 3" "proven B2,B2"
bad_book "answer on an occupied point" "size 3" "at-least 3" "answer B2,A1 B2"
bad_book "answer for white" "size 3" "at-least 3" "answer B2 A1"
bad_book "answer for black" "size 3" "at-most 3" "answer - A1"
bad_book "two claims" "size 3" "at-least 3" "at-most 5"
bad_book "answer without a move" "size 3" "at-least 3" "answer B2,A1"
bad_book "header after an entry" "size 3" "at-least 3" "proven B2,A1" "komi 7"
bad_book "size out of range" "size 40" "at-least 3"
bad_book "bad ko rule" "size 3" "ko sometimes" "at-least 3"
bad_book "bad number" "size 3" "at-least lots"
bad_book "illegal root" "size 3" "at-least 3" "root B2,B2"
for args in "" "check" "prove $SCRATCH/sym.book" "check $SCRATCH/none.book" \
    "check $SCRATCH/sym.book --nodes 5" "run $SCRATCH/sym.book --nodes 0" \
    "run $SCRATCH/sym.book --bogus" "run $SCRATCH/sym.book --worker 2/2" \
    "run $SCRATCH/sym.book --worker 1/2x" "check $SCRATCH/sym.book --worker 0/2"; do
    # shellcheck disable=SC2086
    out=$("$TENGEN" book $args 2>"$SCRATCH/err")
    rc=$?
    [ "$rc" = 2 ] || err "book $args: exit $rc, wanted 2"
    [ -z "$out" ] || err "book $args: printed on stdout"
    [ -s "$SCRATCH/err" ] || err "book $args: no message"
done

[ "$fail" = 0 ] && echo "book_cli: all passed"
exit "$fail"
