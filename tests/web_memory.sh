#!/usr/bin/env bash
# web_memory.sh - `tengen web` holds only some games in memory (docs/web.md, "Games in memory").
# With the default caps (64 games, 64 MB of records) it takes 1,000 imports of a 19x19 game of
# nearly 1 MiB (9,918 moves and 29 setup nodes, within the 10,000 entries; a comment on every
# node): every import answers 201, the server's peak resident memory (VmHWM) stays under its
# resident memory at start + the 64 MB cap + 40 MB for the import in flight and the allocator's
# slack (without the caps it grew by 1.5 MB an import), the list shows every game without
# loading any, and the first game, unloaded long before, loads back with its moves. With
# --max-loaded 2: a game with an AI move and its last search, and a counted game, unloaded and
# loaded back answer the same state and SGF; a game whose AI thinks and a game with an open
# analysis stream are never unloaded, so that with both loaded a new game and a request for an
# unloaded game answer 503 "games busy" until the AI has moved; an unloaded game is deleted
# without loading it; a restart lists every game and loads them when asked.
#
# TENGEN_TEST_SCALE (the sanitizer pass sets 4) divides the number of imports; under ASan (or
# TSan) the resident memory holds the sanitizer's shadow and quarantine, so the bound is checked
# on the server's own count of what it holds (GET /api/status) only.
#   bash tests/web_memory.sh <path to tengen>    (from the source root; CTest does this)
set -u
source "$(dirname "$0")/common.bash"
test_start web_memory docs/web.md "$@"

if ! command -v curl >/dev/null; then
    echo "note: curl not found, web memory test skipped (make deps installs it)"
    exit 0
fi

source "$(dirname "$0")/web_test.bash"
STREAM=
THINK=
trap '[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null; [ -n "$STREAM" ] && kill "$STREAM" 2>/dev/null;
      [ -n "$THINK" ] && kill "$THINK" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$SCRATCH"' EXIT

scale=${TENGEN_TEST_SCALE:-1}
[ "$scale" -ge 1 ] 2>/dev/null || scale=1
COUNT=$((1000 / scale))
sanitized=0
grep -qaE '__asan_init|__tsan_init' "$TENGEN" && sanitized=1

# status_field NAME: a number of GET /api/status.
status_field() {
    curl -s "$URL/api/status" | sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p"
}
# kb NAME: a line of /proc/PID/status in kB (VmRSS, VmHWM).
kb() {
    sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$PID/status"
}
# wait_for FILE TEXT: until FILE holds TEXT (at most 30 s).
wait_for() {
    for _ in $(seq 1 300); do
        grep -qF -- "$1" "$2" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

# ---- 1,000 imports of nearly 1 MiB under the default caps ----
# Japanese rules (simple ko): the board is cleared and filled again without a repetition
# forbidding it. Black fills columns A-H and J, White L-T, K stays empty: nothing is captured.
NOTE=$(printf 'comment%.0s' $(seq 1 13)) # 91 characters
blocks=29
sgf_body() { # ROOT_COMMENT_LENGTH
    awk -v blocks=$blocks -v note="$NOTE" -v root="$1" 'BEGIN {
        cols = "abcdefghijklmnopqrs"
        s = ""; while (length(s) < root) s = s "a long comment for the root node "
        printf "{\"sgf\":\"(;GM[1]FF[4]SZ[19]RU[Japanese]KM[6.5]C[%s]", substr(s, 1, root)
        for (b = 0; b < blocks; b++) {
            for (y = 0; y < 19; y++) for (x = 0; x < 9; x++)
                printf ";B[%s%s]C[%s];W[%s%s]C[%s]", substr(cols, x + 1, 1), substr(cols, y + 1, 1),
                       note, substr(cols, x + 11, 1), substr(cols, y + 1, 1), note
            printf ";AE"
            for (y = 0; y < 19; y++) for (x = 0; x < 19; x++) if (x != 9)
                printf "[%s%s]", substr(cols, x + 1, 1), substr(cols, y + 1, 1)
        }
        print ")\",\"duplicate\":true}" }'
}
BIG=$SCRATCH/big.json
sgf_body 0 >"$BIG"
sgf_body $((1048576 - 600 - $(wc -c <"$BIG"))) >"$BIG" # 600 bytes under the 1 MiB limit
size=$(wc -c <"$BIG")
[ "$size" -gt 1040000 ] && [ "$size" -le 1048576 ] || fail "the import is $size bytes"
MOVES=$((blocks * 342))

DATA=$SCRATCH/data
start=$SECONDS
start_server big --threads 1 --model none
base=$(kb VmRSS)
status=$(curl -s -o "$BODY" -w '%{http_code}' -X POST -H "$JSON" --data-binary @"$BIG" "$URL/api/games")
expect 201 "" "the first import"
has "\"move_number\":$MOVES," "the first import's moves"
FIRST=$(id_of_body)
grep -o '"moves":\[[^]]*\]' "$BODY" >"$SCRATCH/first.moves"
# The others by a few curl processes, each sending the file to many URLs on one connection.
: >"$SCRATCH/codes"
left=$((COUNT - 1))
while [ $left -gt 0 ]; do
    n=$((left < 100 ? left : 100))
    args=()
    for _ in $(seq 1 $n); do args+=(-o /dev/null "$URL/api/games"); done
    curl -s -w '%{http_code}\n' -X POST -H "$JSON" --data-binary @"$BIG" "${args[@]}" \
        >>"$SCRATCH/codes"
    left=$((left - n))
done
created=$(grep -c '^201$' "$SCRATCH/codes")
[ "$created" = $((COUNT - 1)) ] ||
    fail "$created of $((COUNT - 1)) imports answered 201: $(sort "$SCRATCH/codes" | uniq -c | tr '\n' ' ')"
peak=$(kb VmHWM)
loaded=$(status_field loaded)
loaded_mb=$(status_field loaded_mb)
[ "$(status_field games)" = "$COUNT" ] || fail "status: $(status_field games) games, not $COUNT"
[ -n "$loaded" ] && [ "$loaded" -ge 1 ] && [ "$loaded" -le 64 ] || fail "loaded games: $loaded"
awk -v m="$loaded_mb" 'BEGIN { exit !(m > 0 && m <= 64) }' || fail "loaded MB: $loaded_mb"
# The 64 MB cap binds first: 38 of these games fit.
[ "$COUNT" -lt 50 ] || [ "$loaded" -lt 40 ] || fail "$loaded games loaded, over 64 MB"
bound=$((base + (64 + 40) * 1024))
if [ -z "$base" ] || [ -z "$peak" ]; then
    fail "no resident memory in /proc/$PID/status"
elif [ $sanitized = 0 ] && [ "$peak" -gt $bound ]; then
    fail "peak resident memory $((peak / 1024)) MB, over $((bound / 1024)) MB"
fi
# Every game listed, from the summaries: listing loads nothing.
req GET /api/games
expect 200 "" "the list"
listed=$(grep -o '"id":"[0-9a-f]*"' "$BODY" | sort -u | wc -l)
[ "$listed" = "$COUNT" ] || fail "the list has $listed games, not $COUNT"
has "\"id\":\"$FIRST\"" "the list names the first game"
[ "$(status_field loaded)" = "$loaded" ] || fail "listing changed the loaded games"
# The first game, least recently used, was unloaded long ago: it comes back from its file.
req GET "/api/games/$FIRST"
expect 200 "" "the first game loaded back"
has "\"move_number\":$MOVES," "the first game's moves"
grep -o '"moves":\[[^]]*\]' "$BODY" | cmp -s - "$SCRATCH/first.moves" ||
    fail "the first game's moves differ after loading it back"
[ "$(status_field loaded)" -le 64 ] || fail "loading a game went over the cap"
[ "$(ls "$DATA"/*.sgf | wc -l)" = "$COUNT" ] || fail "not $COUNT files"
stop_server
echo "web_memory: $COUNT imports of $size bytes in $((SECONDS - start)) s; resident memory" \
    "$((base / 1024)) MB at start, peak $((peak / 1024)) MB (bound $((bound / 1024)) MB);" \
    "$loaded games ($loaded_mb MB) loaded at the end"

# ---- two games in memory: unloading keeps everything, busy games stay ----
DATA=$SCRATCH/small
start_server small --threads 1 --model none --max-loaded 2
req POST /api/games '{"size":9,"playouts":100}'
expect 201 "" "game A"
GA=$(id_of_body)
req POST "/api/games/$GA/play" '{"move":"E5"}'
req POST "/api/games/$GA/genmove"
expect 200 "" "A: genmove"
has '"last_analysis":{"move_number":1,' "A: the last search"
req GET "/api/games/$GA"
cp "$BODY" "$SCRATCH/a.state"
req GET "/api/games/$GA/sgf"
cp "$BODY" "$SCRATCH/a.sgf"
req POST /api/games '{"sgf":"(;GM[1]SZ[5]KM[0.5];B[cc];W[])","playouts":100}'
expect 201 "" "game P"
GP=$(id_of_body)
req POST "/api/games/$GP/play" '{"move":"pass"}'
has '"phase":"scoring"' "P: two passes"
req POST "/api/games/$GP/score" '{"dead":["c3"]}'
expect 200 "" "P: a disputed count"
has '"result":"W+0.5"' "P: counted"
req GET "/api/games/$GP"
cp "$BODY" "$SCRATCH/p.state"
for name in B C; do
    req POST /api/games '{"size":13}'
    expect 201 "" "game $name"
    eval "G$name=$(id_of_body)"
done
[ "$(status_field loaded)" = 2 ] || fail "loaded: $(status_field loaded), not 2"
req GET "/api/games/$GA"
expect 200 "" "A loaded back"
cmp -s "$BODY" "$SCRATCH/a.state" || fail "A's state differs after unloading: $(head -c 600 "$BODY")"
req GET "/api/games/$GA/sgf"
cmp -s "$BODY" "$SCRATCH/a.sgf" || fail "A's SGF differs after unloading"
req GET "/api/games/$GP"
expect 200 "" "P loaded back"
cmp -s "$BODY" "$SCRATCH/p.state" || fail "P's state differs after unloading: $(head -c 600 "$BODY")"

# P with an analysis stream open, E thinking: nothing can be unloaded.
curl -s -N --max-time 120 "$URL/api/games/$GP/analysis" >"$SCRATCH/sse" &
STREAM=$!
wait_for "event: state" "$SCRATCH/sse" || fail "P's stream sent nothing"
req POST /api/games '{"size":9,"playouts":0,"seconds":60,"human":"white"}'
expect 201 "" "game E (A is unloaded for it)"
GE=$(id_of_body)
curl -s -o "$SCRATCH/think" -X POST "$URL/api/games/$GE/genmove" &
THINK=$!
for _ in $(seq 1 100); do
    [ "$(status_field searching)" = 1 ] && break
    sleep 0.1
done
[ "$(status_field searching)" = 1 ] || fail "E's AI is not thinking"
req POST /api/games '{"size":9}'
expect 503 "games busy" "a new game while every loaded game is in use"
req GET "/api/games/$GA"
expect 503 "games busy" "an unloaded game while every loaded game is in use"
req GET /api/games
expect 200 "" "the list while every loaded game is in use"
[ "$(grep -o '"id":"' "$BODY" | wc -l)" = 5 ] || fail "the list does not have the 5 games"
req DELETE "/api/games/$GB"
expect 200 "" "delete an unloaded game"
[ -f "$DATA/$GB.sgf" ] && fail "the deleted game's file is still there"
req POST "/api/games/$GE/stop"
expect 200 "" "E: move now"
wait "$THINK"
THINK=
grep -q '"move_number":1,' "$SCRATCH/think" || fail "E's genmove: $(head -c 300 "$SCRATCH/think")"
req POST /api/games '{"size":9}'
expect 201 "" "a new game once E is idle"
GD=$(id_of_body)
req GET "/api/games/$GP"
expect 200 "" "P, still loaded for its stream"
[ "$(status_field loaded)" = 2 ] || fail "loaded: $(status_field loaded), not 2"
kill "$STREAM" 2>/dev/null
wait "$STREAM" 2>/dev/null
STREAM=
stop_server

# A restart lists every game and loads the ones asked for.
start_server restart --threads 1 --model none --max-loaded 2
req GET /api/games
[ "$(grep -o '"id":"' "$BODY" | wc -l)" = 5 ] || fail "after a restart: not 5 games"
[ "$(status_field loaded)" -le 2 ] || fail "after a restart: more than 2 games loaded"
req GET "/api/games/$GP"
cmp -s "$BODY" "$SCRATCH/p.state" || fail "P's state differs after a restart"
req GET "/api/games/$GA"
cmp -s "$BODY" "$SCRATCH/a.state" || fail "A's state differs after a restart"
for id in "$GC" "$GD" "$GE"; do
    req GET "/api/games/$id"
    expect 200 "" "game $id after a restart"
done

# Four clients at once over eight games, three in memory: games are unloaded and loaded back
# under each other's requests. Every answer is the game asked for, or 503 when the three in
# memory are all in use at that moment.
ids=("$GA" "$GC" "$GD" "$GE" "$GP")
for _ in 1 2 3; do
    req POST /api/games '{"size":9}'
    ids+=("$(id_of_body)")
done
stop_server
start_server clients --threads 1 --model none --max-loaded 3
clients=()
for client in 1 2 3 4; do
    (
        for k in $(seq 1 25); do
            id=${ids[$(((client * 7 + k * 3) % 8))]}
            if [ $((k % 5)) = 0 ]; then
                code=$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/games")
            else
                code=$(curl -s -o "$SCRATCH/c$client" -w '%{http_code}' "$URL/api/games/$id")
                if [ "$code" = 200 ] && ! grep -q "^{\"id\":\"$id\"" "$SCRATCH/c$client"; then
                    code="wrong game"
                elif [ "$code" = 503 ] && grep -qF '"reason":"games busy"' "$SCRATCH/c$client"; then
                    code=busy
                fi
            fi
            echo "$code"
        done >"$SCRATCH/codes$client"
    ) &
    clients+=($!)
done
wait "${clients[@]}"
sort "$SCRATCH"/codes[1-4] | uniq -c >"$SCRATCH/codes"
grep -vqE '^ *[0-9]+ (200|busy)$' "$SCRATCH/codes" &&
    fail "clients at once: $(tr '\n' ' ' <"$SCRATCH/codes")"
grep -qE '^ *[0-9]+ 200$' "$SCRATCH/codes" || fail "clients at once: no game answered"
[ "$(status_field loaded)" -le 3 ] || fail "clients at once: more than 3 games loaded"
stop_server

if [ "$failures" -gt 0 ]; then
    echo "web_memory: $failures failure(s)"
    exit 1
fi
echo "web_memory: ok"
