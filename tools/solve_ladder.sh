#!/usr/bin/env bash
# The 5x5 proxy ladder of docs/solve.md: "black takes all 25" proven after C3 and the first k
# moves of the line C3 D3 D2 D4 C4 B2 C2 C5 B4 B5 E2 B1 A2, for each k given, one after the other;
# prints one row per rung (k, result, expansions, processor seconds). For judging a prover change:
# run the old and the new binary alternately, and judge on k = 5 or larger (docs/solve.md).
#   tools/solve_ladder.sh TENGEN [K ...] [-- extra solve options]
#   tools/solve_ladder.sh build/tengen 10 8 6 5
set -u
tengen=${1:?usage: solve_ladder.sh TENGEN [K ...] [-- solve options]}
shift
ks=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    ks+=("$1")
    shift
done
[ $# -gt 0 ] && shift
[ ${#ks[@]} -gt 0 ] || ks=(10 8 7 6 5)
line=(D3 D2 D4 C4 B2 C2 C5 B4 B5 E2 B1 A2)
printf '%-3s %-14s %14s %10s\n' k result expansions cpu_s
for k in "${ks[@]}"; do
    if ! [[ "$k" =~ ^[0-9]+$ ]] || [ "$k" -gt ${#line[@]} ]; then
        echo "solve_ladder.sh: k must be 0..${#line[@]}, not '$k'" >&2
        exit 2
    fi
    moves=C3
    for ((i = 0; i < k; i++)); do moves+=",${line[$i]}"; done
    out=$("$tengen" solve --size 5 --moves "$moves" --at-least 25 "$@") || exit 1
    result=$(sed -n 's/^result: \([^ ]*\).*/\1/p' <<<"$out")
    nodes=$(sed -n 's/.*nodes \([0-9]*\),.*/\1/p' <<<"$out")
    cpu=$(sed -n 's/.*cpu \([0-9.]*\) s.*/\1/p' <<<"$out")
    printf '%-3s %-14s %14s %10s\n' "$k" "$result" "$nodes" "$cpu"
done
