#!/usr/bin/env bash
# smoke.sh - run each libFuzzer target briefly, as `make test-fuzz` does in CI.
#
#   bash fuzz/smoke.sh BUILD_DIR SECONDS NAME...
#
# Runs BUILD_DIR/fuzz_NAME for SECONDS with fuzz/NAME.dict on a scratch copy of fuzz/corpus/NAME,
# all targets at once, in a temporary directory outside the source tree (removed on success).
# Fails if any target reports a crash, leak, timeout or out-of-memory: it prints the end of that
# target's log and each reproducer's path and bytes, and keeps the temporary directory.
set -u
cd "$(dirname "$0")/.."

build=$1
seconds=$2
shift 2

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tengen-fuzz.XXXXXX") || exit 1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1

pids=()
for name in "$@"; do
    mkdir -p "$scratch/$name/corpus" "$scratch/$name/artifacts"
    cp -R "fuzz/corpus/$name/." "$scratch/$name/corpus/"
    # -timeout: one input over 20 s is a finding; -rss_limit_mb: 2 GB (also the malloc limit).
    "$build/fuzz_$name" -max_total_time="$seconds" -dict="fuzz/$name.dict" -timeout=20 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$scratch/$name/artifacts/" \
        "$scratch/$name/corpus" >"$scratch/$name/log" 2>&1 &
    pids+=($!)
done

failed=0
i=0
for name in "$@"; do
    wait "${pids[$i]}"
    rc=$?
    i=$((i + 1))
    units=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$scratch/$name/log" | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: [0-9]*' "$scratch/$name/log" | tail -n 1)
    artifacts=$(find "$scratch/$name/artifacts" -type f | sort)
    if [ "$rc" -eq 0 ] && [ -z "$artifacts" ] && ! grep -q '^==[0-9]*== *ERROR' "$scratch/$name/log"; then
        echo "fuzz_$name: ok (${seconds}s, ${units:-?} inputs, ${cov:-no coverage line})"
        continue
    fi
    failed=1
    echo "fuzz_$name: FAILED (exit $rc); end of its log ($scratch/$name/log):"
    tail -n 60 "$scratch/$name/log"
    for f in $artifacts; do
        echo "reproducer $f ($(wc -c <"$f") bytes; replay: $build/fuzz_$name $f):"
        od -A d -c "$f" | head -n 64
    done
done

if [ "$failed" -ne 0 ]; then
    echo "fuzz: failures above; inputs, corpora and logs kept in $scratch"
    exit 1
fi
rm -rf "$scratch"
