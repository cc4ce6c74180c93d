#!/usr/bin/env bash
# Checks the layering of STYLE.md from the #include lines: a module may include only its own
# headers and those of lower layers.
#   core <- rules <- {sgf, tactics} <- features <- playout <- {mcts, ab} <- dist
#   <- {engine, learn} <- {gtp, http} <- {cli, wasm}
# (cli holds main and the subcommands, so it may start any front end; wasm is the browser build's
# front end over gtp; learn reads game records for the trainer).
set -u
cd "$(dirname "$0")/.."

rank() {
    case "$1" in
    core) echo 0 ;; rules) echo 1 ;; sgf|tactics) echo 2 ;; features) echo 3 ;; playout) echo 4 ;;
    mcts|ab) echo 5 ;; dist) echo 6 ;; engine|learn) echo 7 ;; gtp|http) echo 8 ;; cli|wasm) echo 9 ;;
    *) echo 99 ;;
    esac
}
# Module that owns a public header (include/tengen/NAME.h).
header_module() {
    case "$1" in
    rng|timer|log|version) echo core ;; board|rules|game|score) echo rules ;; sgf) echo sgf ;;
    playout|policy|pattern3) echo playout ;; tactics|influence) echo tactics ;; features|model) echo features ;; search|mcts) echo mcts ;; ab) echo ab ;; dist) echo dist ;; engine|ponder) echo engine ;;
    *) echo unknown ;;
    esac
}

status=0
for file in $(find src -name '*.[ch]'); do
    module=$(echo "$file" | cut -d/ -f2)
    mine=$(rank "$module")
    while IFS= read -r inc; do
        case "$inc" in
        tengen/*) dep=$(header_module "$(basename "$inc" .h)") ;;
        */*) dep=${inc%%/*} ;;
        *) continue ;;
        esac
        theirs=$(rank "$dep")
        if [ "$dep" = unknown ] || [ "$theirs" -eq 99 ]; then
            echo "$file: includes \"$inc\" of no known module"; status=1
        elif [ "$dep" != "$module" ] && [ "$theirs" -ge "$mine" ]; then
            echo "$file: layer '$module' must not include \"$inc\" (layer '$dep')"; status=1
        fi
    done < <(sed -n 's/^#include "\(.*\)".*/\1/p' "$file")
done
# The rules core depends on libc only: no system headers beyond the C library.
if grep -n '^#include <' src/core/*.c src/rules/*.c include/tengen/board.h include/tengen/rules.h \
    include/tengen/game.h include/tengen/score.h 2>/dev/null |
    grep -vE '<(assert|ctype|errno|limits|math|stdarg|stdbool|stddef|stdint|stdio|stdlib|string|time|inttypes|float)\.h>'; then
    echo "the rules core includes something beyond libc"; status=1
fi
[ $status -eq 0 ] && echo "layering ok"
exit $status
