#!/usr/bin/env bash
# learn_cli.sh - `tengen learn` and `tengen learn eval` from the command line, and --model in the
# front ends: a small training on the fixture games (a tar.gz made here), its evaluation, and the
# clear errors for bad command lines and broken model files.
set -u
source "$(dirname "$0")/common.bash"
test_start learn_cli tests/fixtures/sgf/gnugo "$@"
failures=0
passes=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
pass() {
    passes=$((passes + 1))
}

# expect_error STATUS TEXT COMMAND...: the command exits with STATUS and its stderr holds TEXT.
expect_error() {
    local status=$1 text=$2
    shift 2
    "$@" >"$SCRATCH/out" 2>"$SCRATCH/err" </dev/null
    local got=$?
    if [ $got -ne "$status" ]; then
        fail "$* exited $got, expected $status"
    elif ! grep -qF -- "$text" "$SCRATCH/err"; then
        fail "$*: stderr lacks '$text': $(head -c 300 "$SCRATCH/err")"
    else
        pass
    fi
}

games="$SCRATCH/games"
mkdir -p "$games"
cp "$ROOT"/tests/fixtures/sgf/gnugo/*.sgf "$games/"
tar -czf "$SCRATCH/games.tgz" -C "$SCRATCH" games

# A small training: every position, both heads, a low pattern threshold.
if "$TENGEN" learn --out "$SCRATCH/m.model" --sample 1 --validation 0 --min-count 1 \
    --iterations 3 --quiet "$SCRATCH/games.tgz" 2>"$SCRATCH/err"; then
    pass
else
    fail "learn on the fixture games: $(cat "$SCRATCH/err")"
fi
if head -n 1 "$SCRATCH/m.model" | grep -qx 'tengen-model 1' &&
    grep -q '^head playout$' "$SCRATCH/m.model" && grep -q '^group spatial ' "$SCRATCH/m.model" &&
    ! grep -q '^group owner' "$SCRATCH/m.model" && [ ! -e "$SCRATCH/m.model.tree.ckpt" ]; then
    pass
else
    fail "the trained model lacks its header, heads or spatial group, has the owner group, or a checkpoint was left"
fi
# --owner adds the ownership group to the tree head; the model plays and evaluates.
if "$TENGEN" learn --out "$SCRATCH/o.model" --owner --sample 1 --validation 0 --min-count 1 \
    --iterations 3 --quiet "$SCRATCH/games.tgz" 2>"$SCRATCH/err" &&
    grep -q '^group owner 8$' "$SCRATCH/o.model" && grep -q '^group spatial ' "$SCRATCH/o.model" &&
    grep -q 'ownership from 32 playouts' "$SCRATCH/o.model" &&
    "$TENGEN" learn eval --model "$SCRATCH/o.model" --quiet "$SCRATCH/games.tgz" >/dev/null 2>&1 &&
    printf 'boardsize 9\ntengen-policy 3\ntengen-policy 3\ngenmove b\n' |
    "$TENGEN" gtp --model "$SCRATCH/o.model" --playouts 200 >"$SCRATCH/o.out" 2>/dev/null &&
    [ "$(grep -cE '^= [A-HJ-T][0-9]+ 0\.[0-9]{3} ' "$SCRATCH/o.out")" -eq 2 ] &&
    [ "$(sed -n 3p "$SCRATCH/o.out")" = "$(sed -n 5p "$SCRATCH/o.out")" ]; then
    pass
else
    fail "learn --owner: $(cat "$SCRATCH/err") $(cat "$SCRATCH/o.out" 2>/dev/null)"
fi
# The same command gives the same model (the comments differ by the time the training took).
"$TENGEN" learn --out "$SCRATCH/m2.model" --sample 1 --validation 0 --min-count 1 \
    --iterations 3 --quiet "$SCRATCH/games.tgz" 2>/dev/null
if cmp -s <(grep -v '^#' "$SCRATCH/m.model") <(grep -v '^#' "$SCRATCH/m2.model"); then
    pass
else
    fail "training is not reproducible"
fi

# Its evaluation on the same games: a table with every phase and a sane top-1.
if "$TENGEN" learn eval --model "$SCRATCH/m.model" --quiet "$SCRATCH/games.tgz" >"$SCRATCH/eval" \
    2>"$SCRATCH/err"; then
    top1=$(awk '$1 == "all" { sub(/%/, "", $3); print $3 }' "$SCRATCH/eval")
    if [ "$(grep -c '^moves' "$SCRATCH/eval")" -eq 4 ] &&
        awk -v t="$top1" 'BEGIN { exit !(t > 5 && t <= 100) }'; then
        pass
    else
        fail "learn eval table: $(cat "$SCRATCH/eval")"
    fi
else
    fail "learn eval: $(cat "$SCRATCH/err")"
fi
# The model drives a game: tengen-policy answers and genmove plays.
printf 'boardsize 9\ntengen-policy 3\ngenmove b\n' |
    "$TENGEN" gtp --model "$SCRATCH/m.model" --playouts 200 >"$SCRATCH/out" 2>/dev/null
if grep -qE '^= [A-HJ-T][0-9]+ 0\.[0-9]{3} ' "$SCRATCH/out" && [ "$(grep -c '^= [A-Z]' "$SCRATCH/out")" -eq 2 ]; then
    pass
else
    fail "gtp with the trained model: $(cat "$SCRATCH/out")"
fi

# Bad command lines.
expect_error 2 "--out MODEL is required" "$TENGEN" learn "$SCRATCH/games.tgz"
expect_error 2 "no game records given" "$TENGEN" learn --out "$SCRATCH/x.model"
expect_error 2 "--model MODEL is required" "$TENGEN" learn eval "$SCRATCH/games.tgz"
expect_error 2 "unknown option" "$TENGEN" learn --out "$SCRATCH/x.model" --bogus 1 "$SCRATCH/games.tgz"
expect_error 1 "missing.tgz" "$TENGEN" learn --out "$SCRATCH/x.model" --quiet "$SCRATCH/missing.tgz"
expect_error 1 "missing.model" "$TENGEN" learn eval --model "$SCRATCH/missing.model" "$SCRATCH/games.tgz"
[ ! -e "$SCRATCH/x.model" ] && pass || fail "a failed training wrote a model"

# Broken model files: each front end refuses them with the file named (exit 2), never a crash.
head -c 300 "$SCRATCH/m.model" >"$SCRATCH/cut.model"
printf 'not a model\n' >"$SCRATCH/foreign.model"
sed '1s/.*/tengen-model 99/' "$SCRATCH/m.model" >"$SCRATCH/future.model"
for bad in missing cut foreign future; do
    expect_error 2 "$SCRATCH/$bad.model" "$TENGEN" gtp --model "$SCRATCH/$bad.model"
    expect_error 2 "$SCRATCH/$bad.model" "$TENGEN" selfplay --model "$SCRATCH/$bad.model" --out "$SCRATCH/sp"
    expect_error 2 "$SCRATCH/$bad.model" "$TENGEN" web --model "$SCRATCH/$bad.model" --port 0
    expect_error 1 "$SCRATCH/$bad.model" "$TENGEN" learn eval --model "$SCRATCH/$bad.model" "$SCRATCH/games.tgz"
done
# --model none plays without one.
printf 'tengen-policy\ngenmove b\n' | "$TENGEN" gtp --model none --size 9 --playouts 100 >"$SCRATCH/out" 2>/dev/null
if grep -q '^? no move model loaded' "$SCRATCH/out" && grep -q '^= [A-Z]' "$SCRATCH/out"; then
    pass
else
    fail "--model none: $(cat "$SCRATCH/out")"
fi

echo "learn_cli: $passes passed, $failures failed"
[ $failures -eq 0 ]
