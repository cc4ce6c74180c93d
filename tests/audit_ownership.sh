#!/usr/bin/env bash
# audit_ownership.sh - `tengen audit-ownership` on a few tiny self-play games (5x5 and 7x7, few
# playouts, a small prover budget): the output has one line per game and a summary, and its
# numbers agree with each other (answered + unknown + not ended = games, points = answered x
# size^2, errors and disagreeing positions add up, the rates are the quotients, every mean error
# is at most its maximum); every disagreeing position is an SGF that loads into `tengen gtp`, with
# one MA point per error and a comment; the same seed gives the same output; bad options are
# refused. No error rate is asserted: that is what the command measures (docs/engine.md).
#   bash tests/audit_ownership.sh <path to tengen>    (from the source root; CTest does this)
set -u
source "$(dirname "$0")/common.bash"
test_start audit_ownership src/cli/cli_audit.c "$@"

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# check SIZE GAMES OUT DIR: the structure and consistency of one run's output.
check() {
    local size=$1 games=$2 out=$3 dir=$4
    grep -q "^audit-ownership: $games games, ${size}x$size, .* SGF in $dir\$" "$out" ||
        fail "$out: no header line"
    [ "$(grep -c '^game [0-9]*: ' "$out")" = "$games" ] || fail "$out: not $games game lines"
    local answered=0 unknown=0 not_ended=0 points=0 errors=0 disagreeing=0 line
    while read -r line; do
        local i
        i=$(sed -n 's/^game \([0-9]*\): .*/\1/p' <<<"$line")
        if grep -q 'not audited$' <<<"$line"; then
            not_ended=$((not_ended + 1))
        elif grep -Eq '; after [0-9]+, (black|white) to move: exact unknown \([0-9]+ nodes\)$' <<<"$line"; then
            unknown=$((unknown + 1))
        else
            # exact R (dead stones D, in seki S; K nodes); P points: mean abs error M, E errors
            # (X%), max difference Y[ at V][: list][; SGF path]
            local nums
            nums=$(sed -En 's/.*: exact [BW0][^ ]* \(dead stones [0-9]+, in seki [0-9]+; [0-9]+ nodes\); ([0-9]+) points: mean abs error ([0-9.]+), ([0-9]+) errors \(([0-9.]+)%\), max difference ([0-9.]+).*/\1 \2 \3 \4 \5/p' <<<"$line")
            if [ -z "$nums" ]; then
                fail "game $i: a line of unknown form: $line"
                continue
            fi
            local p m e x y
            read -r p m e x y <<<"$nums"
            answered=$((answered + 1))
            [ "$p" = $((size * size)) ] || fail "game $i: $p points on ${size}x$size"
            [ "$e" -le "$p" ] || fail "game $i: more errors than points"
            awk -v e="$e" -v p="$p" -v x="$x" 'BEGIN { exit !(sprintf("%.1f", 100 * e / p) == x) }' ||
                fail "game $i: $x% is not $e/$p"
            awk -v m="$m" -v y="$y" 'BEGIN { exit !(m <= y + 0.0005 && m >= 0 && y <= 2) }' ||
                fail "game $i: mean error $m, max $y"
            points=$((points + p))
            errors=$((errors + e))
            local f
            f=$(printf '%s/audit-%04d.sgf' "$dir" "$i")
            if [ "$e" -gt 0 ]; then
                disagreeing=$((disagreeing + 1))
                grep -q "; SGF $f\$" <<<"$line" || fail "game $i: $e errors but no SGF named"
                [ -s "$f" ] || { fail "game $i: $f missing"; continue; }
                local marks
                marks=$(grep -o 'MA\(\[[a-z][a-z]\]\)*' "$f" | grep -o '\[' | wc -l)
                [ "$marks" = "$e" ] || fail "$f: $marks MA points for $e errors"
                grep -q "C\[tengen audit-ownership, game $i " "$f" || fail "$f: no comment"
                local gtp
                gtp=$(printf 'loadsgf %s\nquit\n' "$f" | "$TENGEN" gtp 2>/dev/null)
                grep -q '^= [bw]' <<<"$gtp" || fail "$f does not load: $gtp"
            else
                [ ! -e "$f" ] || fail "game $i: no errors but $f written"
            fi
        fi
    done < <(grep '^game [0-9]*: ' "$out")
    [ $((answered + unknown + not_ended)) = "$games" ] || fail "$out: lines do not add up to $games"
    local files
    files=$(find "$dir" -name 'audit-*.sgf' | wc -l)
    [ "$files" = "$disagreeing" ] || fail "$dir: $files SGF files for $disagreeing disagreeing positions"
    local summary="summary: $games games: $answered answered, $unknown unknown, $not_ended not ended by passes; "
    if [ "$answered" = 0 ]; then
        grep -qF "${summary}no position answered" "$out" || fail "$out: summary: $(tail -1 "$out")"
    else
        grep -qF "$summary$points points: mean abs error " "$out" ||
            fail "$out: summary is not $summary$points points: $(tail -1 "$out")"
        grep -Eq " error rate [0-9.]+% \\($errors points\\); $disagreeing disagreeing positions\$" "$out" ||
            fail "$out: summary errors or positions: $(tail -1 "$out")"
        local rate
        rate=$(sed -n 's/.* error rate \([0-9.]*\)% .*/\1/p' "$out")
        awk -v e="$errors" -v p="$points" -v x="$rate" 'BEGIN { exit !(sprintf("%.2f", 100 * e / p) == x) }' ||
            fail "$out: error rate $rate% is not $errors/$points"
    fi
    echo "$out: $answered answered, $unknown unknown, $not_ended not ended, $errors errors in $points points"
}

# A low threshold, so that some points disagree and SGF files are written.
run() {
    local name=$1
    shift
    "$TENGEN" audit-ownership --sgf-dir "$SCRATCH/$name" --budget 20000 --threshold 0.05 --memory 16 "$@" \
        >"$SCRATCH/$name.txt" || fail "audit-ownership $* exited $?"
    cat "$SCRATCH/$name.txt"
}
run a --games 4 --size 5 --playouts 200 --seed 1
check 5 4 "$SCRATCH/a.txt" "$SCRATCH/a"
run b --games 2 --size 7 --playouts 200 --seed 2
check 7 2 "$SCRATCH/b.txt" "$SCRATCH/b"
grep -q ' answered' "$SCRATCH/a.txt" || fail "no summary"

# The same seed, the same games and numbers.
run c --games 4 --size 5 --playouts 200 --seed 1
diff <(sed 1d "$SCRATCH/a.txt" | sed 's|; SGF .*||') <(sed 1d "$SCRATCH/c.txt" | sed 's|; SGF .*||') ||
    fail "two runs with seed 1 differ"

"$TENGEN" audit-ownership --help >"$SCRATCH/help" || fail "--help exited $?"
for want in --games --size --playouts --seed --threshold --budget --sgf-dir --memory \
    "before its final two passes"; do
    grep -q -- "$want" "$SCRATCH/help" || fail "--help does not mention $want"
done
"$TENGEN" --help | grep -q audit-ownership || fail "tengen --help does not list audit-ownership"
for bad in "--games 0" "--size 1" "--threshold 0" "--threshold x" "--budget 0" "--sgf-dir" \
    "--engine ab" "extra"; do
    # shellcheck disable=SC2086
    "$TENGEN" audit-ownership $bad --sgf-dir "$SCRATCH/bad" >/dev/null 2>&1
    st=$?
    [ "$st" = 2 ] || fail "'audit-ownership $bad' exited $st, expected 2"
done

[ "$failures" = 0 ] && echo "audit_ownership: ok"
exit $((failures > 0))
