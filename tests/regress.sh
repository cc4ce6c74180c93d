#!/usr/bin/env bash
# regress.sh - the regression suite: every tests/regress/*.tst (gogui-regress format) is run
# through `tengen gtp` and each numbered command followed by a line "#? [expected]" must answer as
# expected.
#
# usage: bash tests/regress.sh path/to/tengen   (from the source root; CTest does this)
#
# Expected answers: "[C3]", alternatives "[C3|D4]", a negation "[!C3]" (anything else), compared
# case-insensitively. A line "# args: ..." (the first) gives the options of `tengen gtp`; every file
# states its playout count and seed there, so the results are reproducible. A trailing "*" after
# the bracket marks a known failure (reported, not counted), as gogui-regress does.
set -u
source "$(dirname "$0")/common.bash"
test_start regress tests/regress "$@"
total=0
failed=0
for tst in "$ROOT"/tests/regress/*.tst; do
    name=$(basename "$tst" .tst)
    args=$(sed -n 's/^# args: //p' "$tst" | head -n 1)
    # shellcheck disable=SC2086 # the args line is split into words on purpose
    if ! "$TENGEN" gtp $args <"$tst" >"$SCRATCH/out" 2>"$SCRATCH/err"; then
        echo "FAIL: $name: tengen exited with an error"
        tail -n 5 "$SCRATCH/err"
        failed=$((failed + 1))
        continue
    fi
    # Pair each "#? [...]" with the id of the command just before it, then look up the answer.
    awk -v name="$name" '
        FNR == NR {
            if ($0 ~ /^=[0-9]+ /) { id = substr($1, 2); sub(/^=[0-9]+ /, ""); answer[id] = $0 }
            else if ($0 ~ /^\?[0-9]+/) { id = substr($1, 2); answer[id] = "?" }
            next
        }
        /^[0-9]+ / { last = $1; cmd = $0; next }
        /^#\? *\[/ {
            spec = $0; sub(/^#\? *\[/, "", spec)
            known_fail = spec ~ /\]\*/
            sub(/\].*/, "", spec)
            neg = substr(spec, 1, 1) == "!"
            if (neg) spec = substr(spec, 2)
            got = toupper(answer[last])
            n = split(toupper(spec), alts, "|")
            hit = 0
            for (i = 1; i <= n; i++) if (got == alts[i]) hit = 1
            ok = neg ? !hit : hit
            status = ok ? "ok" : known_fail ? "known failure" : "FAIL"
            printf "%s %s:%s %s -> %s, expected %s[%s]\n", status, name, last, cmd, got, neg ? "!" : "", spec
        }' "$SCRATCH/out" "$tst" >"$SCRATCH/results"
    cat "$SCRATCH/results"
    total=$((total + $(grep -c '' "$SCRATCH/results")))
    failed=$((failed + $(grep -c '^FAIL' "$SCRATCH/results")))
done
echo "regress: $total cases, $failed failed"
[ "$total" -gt 0 ] && [ "$failed" -eq 0 ]
