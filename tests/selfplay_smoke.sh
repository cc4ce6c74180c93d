#!/usr/bin/env bash
# tengen selfplay: a few tiny 7x7 games (MCTS, and alpha-beta in Atari Go). Every SGF loads back
# into `tengen gtp` (loadsgf), has the result the game line printed, and a game played out to two
# passes scores (final_score with the same playouts and seed) to its RE; the summary adds up; one
# thread and a seed reproduce the same games; bad options are refused.
#   bash tests/selfplay_smoke.sh <path to tengen>
set -u
tengen=${1:?usage: selfplay_smoke.sh <tengen>}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
err() {
    echo "FAIL: $*"
    fail=1
}

# Played out (no resignation) and with the default resign rule.
"$tengen" selfplay --games 3 --size 7 --playouts 40 --memory 16 --seed 5 --komi 9 --resign never \
    --out "$tmp/a" >"$tmp/a.txt" || err "selfplay exited $?"
"$tengen" selfplay --games 2 --size 7 --playouts 40 --memory 16 --seed 9 --threads 2 \
    --out "$tmp/b" >"$tmp/b.txt" || err "selfplay --threads 2 exited $?"
cat "$tmp/a.txt" "$tmp/b.txt"

# dir, lines file, seed, games, and whether the games are reproducible (one thread): only then
# can a later final_score with the same seed be expected to give the RE exactly; with two threads
# the dead-stone search that made RE is not deterministic.
check_dir() {
    local dir=$1 lines=$2 seed=$3 games=$4 reproducible=$5
    grep -q "^summary: $games games: black [0-9]* wins, white [0-9]* wins, jigo [0-9]*" "$lines" ||
        err "$dir: no summary line"
    local b w j
    b=$(sed -n 's/^summary: .* black \([0-9]*\) wins.*/\1/p' "$lines")
    w=$(sed -n 's/^summary: .* white \([0-9]*\) wins.*/\1/p' "$lines")
    j=$(sed -n 's/^summary: .* jigo \([0-9]*\).*/\1/p' "$lines")
    [ "$((b + w + j))" = "$games" ] || err "$dir: summary does not add up to $games"
    for i in $(seq 1 "$games"); do
        local f
        f=$(printf '%s/selfplay-%04d.sgf' "$dir" "$i")
        [ -s "$f" ] || { err "$f missing"; continue; }
        local re
        re=$(sed -n 's/.*RE\[\([^]]*\)\].*/\1/p' "$f" | head -1)
        [ -n "$re" ] || err "$f: no RE"
        grep -q "^game $i: $re by " "$lines" || err "$f: RE[$re] is not what game $i printed"
        local out
        out=$(printf 'loadsgf %s\nfinal_score\nquit\n' "$f" |
            "$tengen" gtp --playouts 40 --memory 16 \
            --seed "$((seed + i - 1))" 2>/dev/null)
        grep -q '^= [bw]' <<<"$out" || err "$f does not load: $out"
        if [ "$reproducible" = yes ] && grep -q "^game $i: .* by two passes" "$lines"; then
            grep -qx "= $re" <<<"$out" || err "$f: final_score is not RE[$re]: $out"
        fi
    done
}
check_dir "$tmp/a" "$tmp/a.txt" 5 3 yes
check_dir "$tmp/b" "$tmp/b.txt" 9 2 no
grep -q "by two passes" "$tmp/a.txt" || err "no game played out to two passes"

# One thread and a seed: the same games.
"$tengen" selfplay --games 3 --size 7 --playouts 40 --memory 16 --seed 5 --komi 9 --resign never \
    --out "$tmp/c" >/dev/null || err "second selfplay exited $?"
for i in 1 2 3; do
    f=$(printf 'selfplay-%04d.sgf' "$i")
    cmp -s "$tmp/a/$f" "$tmp/c/$f" || err "$f differs between two runs with seed 5"
done

# --engine ab: alpha-beta against itself in Atari Go 7x7. Every game ends with a capture (the
# capture goal; --resign never, as alpha-beta resigns a proven loss), and its SGF loads back into
# `tengen gtp` with the capture on the board and the result RE.
"$tengen" selfplay --engine ab --rules atari-go --games 2 --size 7 --playouts 2000 --seed 3 \
    --resign never --out "$tmp/ab" >"$tmp/ab.txt" || err "selfplay --engine ab exited $?"
cat "$tmp/ab.txt"
grep -q "^selfplay: .* atari-go rules, komi 0, engine ab, 2000 nodes per move" "$tmp/ab.txt" ||
    err "--engine ab: the header line does not name the engine and the rules"
for i in 1 2; do
    f=$(printf '%s/ab/selfplay-%04d.sgf' "$tmp" "$i")
    [ -s "$f" ] || { err "$f missing"; continue; }
    grep -q "^game $i: [BW]+ by capture after [0-9]* moves" "$tmp/ab.txt" ||
        err "--engine ab game $i did not end with a capture"
    re=$(sed -n 's/.*RE\[\([^]]*\)\].*/\1/p' "$f" | head -1)
    grep -q 'RU\[atari-go\]' "$f" || err "$f: no RU[atari-go]"
    grep -q "^game $i: $re by capture" "$tmp/ab.txt" ||
        err "$f: RE[$re] is not what game $i printed"
    out=$(printf 'loadsgf %s\nshowboard\nfinal_score\nquit\n' "$f" | "$tengen" gtp 2>/dev/null)
    grep -q '^= [bw]' <<<"$out" || err "$f does not load: $out"
    # The winner's captures on the board the SGF replays to.
    if [ "$re" = B+ ]; then who=black; else who=white; fi
    grep -Eq "by $who \([XO]\): [1-9]" <<<"$out" || err "$f: no capture by $who: $out"
    grep -qx "= $re" <<<"$out" || err "$f: final_score is not RE[$re]: $out"
done

# --ab-eval: alpha-beta with the influence strategy plays a 5x5 game of Go to its end.
"$tengen" selfplay --engine ab --ab-eval influence --games 1 --size 5 --playouts 2000 \
    --resign never --out "$tmp/infl" >"$tmp/infl.txt" || err "selfplay --ab-eval influence exited $?"
grep -q "^game 1: .* after [0-9]* moves" "$tmp/infl.txt" || err "--ab-eval influence: no game line"
[ -s "$tmp/infl/selfplay-0001.sgf" ] || err "--ab-eval influence: no SGF"

for bad in "--games 0" "--size 1" "--playouts x" "--threads 0" "--out" "--resign sometimes" \
    "--nonsense 1" "extra" "--engine minimax" "--rules nonsense" "--ab-eval minimax"; do
    # shellcheck disable=SC2086
    "$tengen" selfplay $bad --out "$tmp/bad" >/dev/null 2>&1
    st=$?
    [ "$st" = 2 ] || err "'selfplay $bad' exited $st, expected 2"
done
"$tengen" selfplay --help | grep -q -- '--playouts' || err "selfplay --help"
"$tengen" selfplay --help | grep -q -- '--engine.*mcts.*ab' || err "selfplay --help has no --engine"

[ "$fail" = 0 ] && echo "selfplay smoke: ok"
exit "$fail"
