#!/usr/bin/env bash
# Replay a game and print, for every move of one colour, the engine's choice and win rate in that
# position next to the move played: where a lost game slid, and whether two binaries judge it alike.
#   tools/replay_winrates.sh TENGEN GAME.sgf B|W [engine options, default --playouts 10000 --seed 3]
# The engine keeps its tree between moves (genmove, undo, play the game's move), as in a match.
# Reads the main line of SGFs as tengen writes them (SZ, KM, B[] and W[] moves, no variations).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 TENGEN GAME.sgf B|W [engine options]" >&2; exit 2; }
tengen=$1 sgf=$2 me=$3
shift 3
[ "$me" = B ] || [ "$me" = W ] || { echo "$0: colour must be B or W" >&2; exit 2; }
[ -r "$sgf" ] || { echo "$0: cannot read $sgf" >&2; exit 2; }
[ $# -gt 0 ] || set -- --playouts 10000 --seed 3

# The SGF's moves as "B D4" / "W pass" lines.
moves=$(tr -d '\n\r' <"$sgf" | grep -o ';[BW]\[[a-s]*\]' | awk -v size="$(tr -d '\n' <"$sgf" | grep -o 'SZ\[[0-9]*\]' | tr -dc 0-9)" '
    { c = substr($0, 2, 1); v = substr($0, 4, length($0) - 4)
      if (v == "" || (size <= 19 && v == "tt")) { print c, "pass"; next }
      cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ"; letters = "abcdefghijklmnopqrstuvwxy"
      x = index(letters, substr(v, 1, 1)); y = index(letters, substr(v, 2, 1))
      print c, substr(cols, x, 1) (size + 1 - y) }')
size=$(tr -d '\n' <"$sgf" | grep -o 'SZ\[[0-9]*\]' | tr -dc 0-9)
komi=$(tr -d '\n' <"$sgf" | grep -o 'KM\[[-0-9.]*\]' | tr -dc -- '-0-9.')

played=$(awk -v me="$me" '$1 == me { print $2 }' <<<"$moves")
judged=$({
    echo "boardsize ${size:-19}"
    echo "komi ${komi:-7.5}"
    while read -r c v; do
        if [ "$c" = "$me" ]; then echo "genmove $c"; echo "undo"; fi
        echo "play $c $v"
    done <<<"$moves"
} | "$tengen" gtp "$@" 2>&1 >/dev/null | awk '/win rate/ { sub(",", "", $3); sub(",", "", $6); print $3, $6 }')
echo "own move  engine's choice  its win rate  played"
paste -d' ' <(echo "$judged") <(echo "$played") | awk '{ printf "%8d  %15s  %12s  %s\n", NR, $1, $2, $3 }'
