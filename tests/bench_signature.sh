#!/usr/bin/env bash
# The search bench is reproducible: two runs with the same seed and playouts print the same
# signature (tree nodes, playout moves, hash of the root visits). No golden value: every tuning
# change moves it; the commit that makes the change quotes the new one (docs/benchmarks.md).
#   bash tests/bench_signature.sh <path to tengen>
set -u
tengen=${1:?usage: bench_signature.sh <tengen>}
fail=0

# Few playouts: the sanitizer build runs this too.
a=$("$tengen" bench search --playouts 300 --seed 1) || { echo "FAIL: bench search exited $?"; exit 1; }
b=$("$tengen" bench search --playouts 300 --seed 1) || { echo "FAIL: bench search exited $?"; exit 1; }
sig_a=$(grep '^signature: ' <<<"$a")
sig_b=$(grep '^signature: ' <<<"$b")
echo "$a"
if [ -z "$sig_a" ] || [ "$sig_a" != "$sig_b" ]; then
    echo "FAIL: signatures differ: '$sig_a' vs '$sig_b'"
    fail=1
fi
grep -q '^playouts/s: [0-9][0-9]*$' <<<"$a" || { echo "FAIL: no 'playouts/s: N' line"; fail=1; }

# Another seed gives another signature.
c=$("$tengen" bench search --playouts 300 --seed 2 | grep '^signature: ')
[ "$c" != "$sig_a" ] || { echo "FAIL: seed 2 gives the signature of seed 1"; fail=1; }

# `tengen bench` alone is the search bench; bad options are refused with status 2.
"$tengen" bench --help | grep -q 'search (the default)' || { echo "FAIL: bench --help"; fail=1; }
for bad in "search --size 9" "search --threads 0" "search --playouts x" "nonsense"; do
    # shellcheck disable=SC2086
    "$tengen" bench $bad >/dev/null 2>&1
    st=$?
    [ "$st" = 2 ] || { echo "FAIL: 'bench $bad' exited $st, expected 2"; fail=1; }
done

[ "$fail" = 0 ] && echo "bench signature: reproducible ($sig_a)"
exit "$fail"
