#!/bin/sh
# vs_pachi.sh: a match of tengen (engine A) against Pachi (engine B, built from its public source
# without its neural net, outside this tree: docs/strength.md) at fixed playouts, refereed by
# `tengen match` with Chinese rules and balanced random two-move openings, each played with both
# colours.
#
# usage: tools/vs_pachi.sh TENGEN PACHI OUTDIR [settings in the environment]
#   GAMES (default 100), SIZE (9), KOMI (7), PLAYOUTS (tengen's, 10000),
#   PACHI_PLAYOUTS (10000), SEED (openings, 1), PARALLEL (1),
#   TENGEN_ARGS (more `tengen gtp` options, e.g. "--model none"),
#   RESUME=1 (count the games already in OUTDIR and play the rest: `tengen match --resume`)
# Writes the SGF files, the engines' stderr and match.txt (the last line is the summary) to OUTDIR.
set -eu
[ $# -eq 3 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
TENGEN=$1 PACHI=$2 OUT=$3
GAMES=${GAMES:-100} SIZE=${SIZE:-9} KOMI=${KOMI:-7} PLAYOUTS=${PLAYOUTS:-10000}
PACHI_PLAYOUTS=${PACHI_PLAYOUTS:-10000} SEED=${SEED:-1} PARALLEL=${PARALLEL:-1}
TENGEN_ARGS=${TENGEN_ARGS:-}
RESUME_FLAG=
[ "${RESUME:-0}" = 1 ] && RESUME_FLAG=--resume
mkdir -p "$OUT"
# Pachi: -t =N is exactly N playouts a move (its reused tree counts), one thread, no pondering;
# -D keeps board diagrams out of its log.
"$TENGEN" match --black "$TENGEN gtp --playouts $PLAYOUTS $TENGEN_ARGS" \
    --white "$PACHI -t =$PACHI_PLAYOUTS threads=1 -D" \
    --games "$GAMES" --size "$SIZE" --komi "$KOMI" --rules chinese --balanced --seed "$SEED" \
    --parallel "$PARALLEL" --sgf-dir "$OUT" $RESUME_FLAG 2>&1 | tee "$OUT/match.txt"
