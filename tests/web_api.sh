#!/usr/bin/env bash
# web_api.sh - the JSON API of `tengen web` (docs/web.md) against a running server, with curl:
# every endpoint and every error status (400 bad JSON and fields, 404, 405, 409 occupied,
# suicide, ko, superko, not your turn, not ai turn, game over, ai thinking, still playing,
# nothing to undo, 413 with and without Content-Length, 429 with one AI thread and a queue of
# one), concurrent games, the analysis event stream during a genmove and after a DELETE, games
# played to the count with the proposal and a disputed dead list, Atari Go's capture end, SGF
# export read back by `tengen gtp` (loadsgf) and import, and a restart that finds every game with
# its moves (a corrupt file is reported and left alone; a second server on the folder refused).
#   bash tests/web_api.sh <path to tengen>    (from the source root; CTest does this)
set -u
source "$(dirname "$0")/common.bash"
test_start web_api docs/web.md "$@"

if ! command -v curl >/dev/null; then
    echo "note: curl not found, web API test skipped (make deps installs it)"
    exit 0
fi

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
DATA=$SCRATCH/data
BODY=$SCRATCH/body
PID=
URL=

# start_server LOG OPTIONS...: a server on a free port with the scratch data folder.
start_server() {
    local log=$1
    shift
    "$TENGEN" web --port 0 --data "$DATA" "$@" >"$SCRATCH/$log.out" 2>"$SCRATCH/$log.err" &
    PID=$!
    URL=
    for _ in $(seq 1 200); do
        URL=$(sed -n 's|.*open \(http://[^ ]*\)/ in a browser.*|\1|p' "$SCRATCH/$log.out")
        [ -n "$URL" ] && return 0
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "FAIL: the server did not start:"
    cat "$SCRATCH/$log.out" "$SCRATCH/$log.err"
    exit 1
}

# stop_server: SIGTERM, and the server must exit 0 (under ASan: no leak, no error).
stop_server() {
    kill -TERM "$PID"
    local rc=0
    wait "$PID" || rc=$?
    [ "$rc" = 0 ] || fail "the server exited with status $rc"
    PID=
}
trap '[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$SCRATCH"' EXIT

# req METHOD PATH [BODY]: sets $status, the answer is in $BODY.
req() {
    local method=$1 path=$2
    if [ $# -ge 3 ]; then
        status=$(curl -s -o "$BODY" -w '%{http_code}' -X "$method" --data-binary "$3" "$URL$path")
    else
        status=$(curl -s -o "$BODY" -w '%{http_code}' -X "$method" "$URL$path")
    fi
}
# expect STATUS [REASON] WHAT: the last answer had that status (and error reason).
expect() {
    local want=$1 reason=$2 what=$3
    if [ "$status" != "$want" ]; then
        fail "$what: status $status, expected $want: $(head -c 300 "$BODY")"
    elif [ -n "$reason" ] && ! grep -qF "\"reason\":\"$reason\"" "$BODY"; then
        fail "$what: reason is not '$reason': $(head -c 300 "$BODY")"
    fi
}
# has TEXT WHAT: the last answer contains TEXT.
has() {
    grep -qF -- "$1" "$BODY" || fail "$2: no $1 in $(head -c 400 "$BODY")"
}
hasnt() {
    ! grep -qF -- "$1" "$BODY" || fail "$2: unexpected $1 in $(head -c 400 "$BODY")"
}
id_of_body() {
    sed -n 's/^{"id":"\([^"]*\)".*/\1/p' "$BODY"
}
# moves_of ID: the moves list of a game, as text.
moves_of() {
    req GET "/api/games/$1"
    sed -n 's/.*"moves":\(\[[^]]*\]\).*/\1/p' "$BODY"
}

# ---- the command line ----
"$TENGEN" web --help >"$SCRATCH/help" || fail "tengen web --help exited $?"
grep -q -- "--data DIR" "$SCRATCH/help" || fail "--help does not list --data"
"$TENGEN" web --port -1 >/dev/null 2>&1 && fail "--port -1 accepted"
"$TENGEN" web --bogus >/dev/null 2>&1 && fail "--bogus accepted"

start_server s1 --threads 2 --queue 16

# ---- the server, the page, paths and methods ----
req GET /api/status
expect 200 "" "status"
has '"version":"tengen' "status"
status=$(curl -s -o "$BODY" -w '%{http_code} %{content_type}' "$URL/")
[ "$status" = "200 text/html; charset=utf-8" ] || fail "GET / answered $status"
grep -qi "<html" "$BODY" || fail "GET / is not the page"
req GET /no-such-file.js
expect 404 "not found" "unknown page"
status=$(curl -s --path-as-is -o "$BODY" -w '%{http_code}' "$URL/../../etc/passwd")
[ "$status" = 404 ] || fail "path outside web/ answered $status"
req POST /index.html '{}'
expect 405 method "POST on a page"
req GET /api/nothing
expect 404 "not found" "unknown API path"
req GET "/api/games/$(printf 'x%.0s' $(seq 1 3000))"
expect 404 "not found" "very long id"
req PUT /api/games '{}'
expect 405 method "PUT /api/games"
req DELETE /api/status
expect 405 method "DELETE /api/status"
status=$(curl -s -D "$SCRATCH/headers" -o "$BODY" -w '%{http_code}' -X PATCH "$URL/api/games")
[ "$status" = 405 ] && grep -qi '^Allow: GET, POST' "$SCRATCH/headers" || fail "405 without Allow"

# ---- create: defaults, fields, errors ----
status=$(curl -s -D "$SCRATCH/headers" -o "$BODY" -w '%{http_code}' -X POST "$URL/api/games")
expect 201 "" "create with no body"
G1=$(id_of_body)
grep -qi "^Location: /api/games/$G1" "$SCRATCH/headers" || fail "201 without Location"
for f in '"size":9' '"komi":7.5' '"rules":"chinese"' '"human":"black"' '"to_move":"black"' \
    '"phase":"play"' '"move_number":0' '"moves":[]' '"result":null' '"ai_thinking":false' \
    '"captures":{"black":0,"white":0}' '"board":[".........",'; do
    has "$f" "new game"
done
[ -f "$DATA/$G1.sgf" ] || fail "new game not saved"
req POST /api/games '{"size":13,"komi":6.5,"rules":"japanese","human":"white","playouts":300,"seconds":5,"threads":2}'
expect 201 "" "create 13x13"
for f in '"size":13' '"komi":6.5' '"rules":"japanese"' '"human":"white"' '"color":"black"' \
    '"playouts":300' '"threads":2'; do
    has "$f" "13x13 game"
done
G13=$(id_of_body)
req POST /api/games '{"size":9,"handicap":3,"playouts":200}'
expect 201 "" "handicap 3"
has '"handicap":3' "handicap game"
has '"komi":0.5' "handicap game's komi"
has '"to_move":"white"' "handicap game: white first"
[ "$(grep -o '"setup":{"black":\[[^]]*\]' "$BODY" | grep -o '"[A-J][0-9]"' | wc -l)" = 3 ] ||
    fail "handicap stones not in setup: $(head -c 400 "$BODY")"
GH=$(id_of_body)
for bad in '{"size":' '[1,2]' '"text"' '{"size":9,}' '{"size":9}}' '{"size":9} x'; do
    req POST /api/games "$bad"
    expect 400 "bad json" "malformed JSON $bad"
done
for bad in '{"size":4}' '{"size":26}' '{"size":-3}' '{"size":9.5}' '{"size":"9"}' \
    '{"size":1e999}' '{"size":123456789012345678901234567890}' '{"komi":"x"}' '{"komi":1e9}' \
    '{"rules":"chess"}' '{"rules":"中文"}' '{"rules":7}' '{"human":"red"}' '{"handicap":1}' \
    '{"handicap":10}' '{"size":8,"handicap":5}' '{"size":5,"handicap":2}' '{"playouts":-1}' \
    '{"playouts":2000000}' '{"seconds":0}' '{"threads":99}' '{"sgf":5}'; do
    req POST /api/games "$bad"
    expect 400 "bad field" "bad field $bad"
done
head -c 2000000 /dev/zero | tr '\0' ' ' >"$SCRATCH/big"
status=$(curl -s -o "$BODY" -w '%{http_code}' -X POST --data-binary @"$SCRATCH/big" "$URL/api/games")
expect 413 "too large" "2 MB body"
status=$(curl -s -o "$BODY" -w '%{http_code}' -X POST -H 'Transfer-Encoding: chunked' \
    --data-binary @"$SCRATCH/big" "$URL/api/games")
expect 413 "too large" "2 MB chunked body"

# ---- playing: moves, turns, illegal moves, AI moves ----
req POST "/api/games/$G1/play" '{"move":"e5"}'
expect 200 "" "play e5"
has '"moves":["E5"]' "after play"
has '"to_move":"white"' "after play"
has '"last_move":"E5"' "after play"
req POST "/api/games/$G1/play" '{"move":"D4"}'
expect 409 "not your turn" "play twice"
req POST "/api/games/$G1/genmove"
expect 200 "" "genmove"
has '"move_number":2' "after genmove"
has '"to_move":"black"' "after genmove"
has '"ai_move":{"move":"' "after genmove"
grep -qE '"evaluations":\[null,0(\.[0-9]+)?\]|"evaluations":\[null,1\]' "$BODY" ||
    fail "evaluations after genmove: $(head -c 400 "$BODY")"
req POST "/api/games/$G1/genmove"
expect 409 "not ai turn" "genmove on the human's turn"
req POST "/api/games/$G1/play" '{"move":"E5"}'
expect 409 occupied "play on a stone"
for bad in '{"move":"Z9"}' '{"move":"E10"}' '{"move":"I5"}' '{"move":"Ｄ４"}' '{"move":""}' \
    '{"move":"e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5"}'; do
    req POST "/api/games/$G1/play" "$bad"
    expect 400 "bad move" "bad move $bad"
done
for bad in '{}' '{"move":5}' '{"move":null}' '{"move":["E5"]}'; do
    req POST "/api/games/$G1/play" "$bad"
    expect 400 "bad field" "move field $bad"
done
req POST "/api/games/$G1/play" 'not json'
expect 400 "bad json" "play with a bad body"
req POST "/api/games/$G1/score"
expect 409 "still playing" "score while playing"
req GET "/api/games/$G1/position?move=1"
expect 200 "" "position 1"
has '"move_number":1' "position 1"
has '"last_move":"E5"' "position 1"
has '"to_move":"white"' "position 1"
for q in '' '?move=3' '?move=-1' '?move=x' '?move=99999999999'; do
    req GET "/api/games/$G1/position$q"
    expect 400 "bad field" "position$q"
done
req POST "/api/games/$G1/undo"
expect 200 "" "undo"
has '"move_number":0' "after undo"
has '"to_move":"black"' "after undo"
has '"ai_move":null' "after undo"
req POST "/api/games/$G1/undo"
expect 409 "nothing to undo" "undo with no move"
req GET "/api/games/$G1/nothing"
expect 404 "not found" "unknown action"
req GET "/api/games/$G1/play"
expect 405 method "GET play"
req POST "/api/games/$G1/sgf" '{}'
expect 405 method "POST sgf"
req GET /api/games/nosuchgame
expect 404 "not found" "unknown game"
req POST /api/games/nosuchgame/play '{"move":"D4"}'
expect 404 "not found" "play in an unknown game"
req GET '/api/games/bad%20id'
expect 404 "not found" "bad id"

# The AI moves first when the human is white; undo takes back the AI's moves after the human's.
req POST "/api/games/$G13/play" '{"move":"D4"}'
expect 409 "not your turn" "white human before the AI's first move"
req POST "/api/games/$G13/genmove"
expect 200 "" "AI's first move"
req POST "/api/games/$G13/undo"
expect 409 "nothing to undo" "undo of the AI's move alone"

# ---- illegal moves from positions imported as SGF ----
import() { # SGF [extra fields]
    local extra=${2:-}
    req POST /api/games "{\"sgf\":\"$1\"$extra}"
}
import "(;GM[1]SZ[9]AW[ba][ab])"
expect 201 "" "import a suicide position"
GS=$(id_of_body)
req POST "/api/games/$GS/play" '{"move":"A9"}'
expect 409 suicide "suicide"
import "(;GM[1]SZ[9]RU[Japanese]AB[dd][ce][df]AW[de][ed][fe][ef];B[ee])"
expect 201 "" "import a ko"
has '"human":"white"' "import: the human is the player to move"
has '"rules":"japanese"' "import: RU"
GK=$(id_of_body)
req POST "/api/games/$GK/play" '{"move":"D5"}'
expect 409 ko "ko retaken at once"
TRIPLE="(;GM[1]FF[4]SZ[9]RU[Chinese]AB[ba][ga][ab][fb][hb][bc][gc][be][af][bg]"
TRIPLE+="AW[ca][ha][bb][db][ib][cc][hc][ce][bf][df][cg]PL[W];W[ii];B[cb];W[gb];B[cf];W[bb];B[hb])"
import "$TRIPLE"
expect 201 "" "import a triple ko"
GT=$(id_of_body)
req POST "/api/games/$GT/play" '{"move":"B4"}'
expect 409 superko "superko"
for bad in '(;SZ[9];B[zz])' '(;SZ[30])' 'garbage' '' '(;GM[2])'; do
    import "$bad"
    expect 400 "bad sgf" "bad SGF $bad"
done

# Atari Go ends at the first capture.
import "(;GM[1]SZ[9]RU[atari-go]AB[dd][ce][df]AW[de])" ',"human":"black"'
expect 201 "" "import Atari Go"
GA=$(id_of_body)
req POST "/api/games/$GA/play" '{"move":"E5"}'
expect 200 "" "Atari Go capture"
has '"phase":"over"' "Atari Go end"
has '"end":"capture"' "Atari Go end"
has '"result":"B+"' "Atari Go end"
req POST "/api/games/$GA/genmove"
expect 409 "game over" "genmove after the end"
req POST "/api/games/$GA/score"
expect 409 "game over" "score after a capture win"

# ---- the end by passes, the count, a disputed dead list ----
import "(;GM[1]SZ[5]KM[0.5];B[cc];W[])" ',"playouts":100'
expect 201 "" "import before the last pass"
GP=$(id_of_body)
req POST "/api/games/$GP/play" '{"move":"pass"}'
expect 200 "" "the pass that ends the game"
has '"phase":"scoring"' "after two passes"
has '"proposed_dead":[]' "scoring proposal"
has '"result":null,' "no result while scoring"
has '"territory":["BBBBB",' "territory rows"
req POST "/api/games/$GP/play" '{"move":"A1"}'
expect 409 "game over" "play while scoring"
req POST "/api/games/$GP/score" '{"dead":["A1"]}'
expect 400 "bad field" "dead on an empty point"
req POST "/api/games/$GP/score" '{"dead":"C3"}'
expect 400 "bad field" "dead not a list"
req POST "/api/games/$GP/score"
expect 200 "" "accept the count"
has '"phase":"over"' "counted"
has '"result":"B+24.5"' "counted result"
has '"result_text":"Black wins by 24.5 points."' "result in words"
req POST "/api/games/$GP/score" '{"dead":["c3"]}'
expect 200 "" "dispute: C3 dead"
has '"dead":["C3"]' "disputed list"
has '"result":"W+0.5"' "disputed result"
req GET "/api/games/$GP/sgf"
expect 200 "" "SGF of a counted game"
has 'RE[W+0.5]' "SGF result"
req POST "/api/games/$GP/undo"
expect 200 "" "undo after the count"
has '"phase":"play"' "undo leaves the count"
has '"move_number":2' "undo takes back the human's pass"

# A whole short game: the human plays one stone, then passes until the AI passes too.
req POST /api/games '{"size":5,"playouts":100,"komi":0.5}'
GW=$(id_of_body)
req POST "/api/games/$GW/play" '{"move":"C3"}'
ended=0
for _ in $(seq 1 40); do
    if grep -q '"to_move":"white"' "$BODY"; then req POST "/api/games/$GW/genmove"
    else req POST "/api/games/$GW/play" '{"move":"pass"}'; fi
    [ "$status" = 200 ] || { fail "short game: $status $(head -c 300 "$BODY")"; break; }
    grep -q '"phase":"play"' "$BODY" || { ended=1; break; }
done
[ $ended = 1 ] || fail "the short game did not end"
grep -qE '"phase":"scoring"|"end":"resign"' "$BODY" || fail "short game end: $(head -c 300 "$BODY")"
if grep -q '"phase":"scoring"' "$BODY"; then
    stone=$(grep -o '"board":\[[^]]*\]' "$BODY" | node -e '
        const rows = JSON.parse(require("fs").readFileSync(0, "utf8").slice(8));
        const cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
        for (let y = 0; y < rows.length; y++)
            for (let x = 0; x < rows.length; x++)
                if (rows[y][x] === "O") { console.log(cols[x] + (rows.length - y)); process.exit(0); }')
    req POST "/api/games/$GW/score" "{\"dead\":[\"$stone\"]}"
    expect 200 "" "short game: count with $stone dead"
    has "\"dead\":[\"$stone\"" "short game disputed"
    has '"phase":"over"' "short game counted"
fi

# ---- resign ----
req POST "/api/games/$G1/resign"
expect 200 "" "resign"
has '"result":"W+R"' "resigned"
has '"result_text":"White wins by resignation."' "resigned"
req POST "/api/games/$G1/play" '{"move":"D4"}'
expect 409 "game over" "play after resigning"
req POST "/api/games/$G1/resign"
expect 409 "game over" "resign twice"
req POST "/api/games/$G1/undo"
expect 200 "" "undo a resignation"
has '"phase":"play"' "resignation taken back"

# ---- SGF out and in ----
req POST "/api/games/$G1/play" '{"move":"C3"}'
req POST "/api/games/$G1/genmove"
status=$(curl -s -D "$SCRATCH/headers" -o "$SCRATCH/g1.sgf" -w '%{http_code}' "$URL/api/games/$G1/sgf")
[ "$status" = 200 ] || fail "GET sgf: $status"
grep -qi '^Content-Type: application/x-go-sgf' "$SCRATCH/headers" || fail "SGF content type"
grep -qi "^Content-Disposition: attachment; filename=\"tengen-$G1.sgf\"" "$SCRATCH/headers" ||
    fail "SGF file name"
grep -q 'SZ\[9\]' "$SCRATCH/g1.sgf" && grep -q ';B\[cg\]' "$SCRATCH/g1.sgf" ||
    fail "SGF content: $(cat "$SCRATCH/g1.sgf")"
printf 'loadsgf %s\n' "$SCRATCH/g1.sgf" | "$TENGEN" gtp >"$SCRATCH/gtp.out" 2>&1
grep -q '^= black' "$SCRATCH/gtp.out" || fail "tengen gtp cannot load the SGF: $(cat "$SCRATCH/gtp.out")"
cmp -s "$SCRATCH/g1.sgf" "$DATA/$G1.sgf" || fail "the download differs from the saved file"
sgf_json=$(sed 's/\\/\\\\/g; s/"/\\"/g' "$SCRATCH/g1.sgf" | tr -d '\n')
req POST /api/games "{\"sgf\":\"$sgf_json\"}"
expect 201 "" "import the download"
has '"human":"black"' "import of tengen's SGF keeps the human's colour"
GI=$(id_of_body)
[ "$(moves_of "$GI")" = "$(moves_of "$G1")" ] || fail "import changed the moves: $(moves_of "$GI")"

# ---- concurrent games ----
pids=()
ids=()
for k in 1 2 3 4; do
    req POST /api/games '{"size":9,"playouts":300}'
    ids+=("$(id_of_body)")
done
for id in "${ids[@]}"; do
    (curl -s -o /dev/null -X POST --data-binary '{"move":"E5"}' "$URL/api/games/$id/play" &&
        curl -s -o "$SCRATCH/c-$id" -w '%{http_code}' -X POST "$URL/api/games/$id/genmove" \
            >"$SCRATCH/cs-$id") &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
for id in "${ids[@]}"; do
    [ "$(cat "$SCRATCH/cs-$id")" = 200 ] && grep -q '"move_number":2' "$SCRATCH/c-$id" ||
        fail "concurrent game $id: $(cat "$SCRATCH/cs-$id") $(head -c 200 "$SCRATCH/c-$id")"
done

# ---- the analysis stream ----
req POST /api/games '{"size":9,"playouts":3000}'
GE=$(id_of_body)
req POST "/api/games/$GE/play" '{"move":"E5"}'
curl -s -N --max-time 60 "$URL/api/games/$GE/analysis" >"$SCRATCH/sse" &
SSE=$!
# wait_for FILE TEXT: until FILE holds TEXT (at most 20 s).
wait_for() {
    for _ in $(seq 1 200); do
        grep -qF -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}
wait_for "$SCRATCH/sse" "event: state" || fail "the stream sent nothing"
req POST "/api/games/$GE/genmove"
expect 200 "" "genmove with a stream open"
wait_for "$SCRATCH/sse" '"final":true'
wait_for "$SCRATCH/sse" '"move_number":2,'
kill "$SSE" 2>/dev/null
wait "$SSE" 2>/dev/null
grep -q '^event: state$' "$SCRATCH/sse" || fail "no state event"
grep -q '^event: analysis$' "$SCRATCH/sse" || fail "no analysis event"
grep '^data: {"move_number":1,"to_move":"white"' "$SCRATCH/sse" | grep -q '"final":true' ||
    fail "no final analysis: $(head -c 600 "$SCRATCH/sse")"
grep '"final":true' "$SCRATCH/sse" | grep -q '"candidates":\[{"move":"[A-J][0-9]","visits":' ||
    fail "analysis without candidates"
grep '"final":true' "$SCRATCH/sse" | grep -q '"ownership":\[\[' || fail "analysis without ownership"
tail -c 2000 "$SCRATCH/sse" | grep -q '"move_number":2' || fail "no state event after the AI's move"
req GET /api/games/nosuchgame/analysis
expect 404 "not found" "stream of an unknown game"
# A stream ends with `deleted` when its game is deleted.
curl -s -N --max-time 20 "$URL/api/games/$GE/analysis" >"$SCRATCH/sse2" &
SSE=$!
wait_for "$SCRATCH/sse2" "event: state" || fail "the second stream sent nothing"
req DELETE "/api/games/$GE"
expect 200 "" "delete"
has '"deleted":true' "delete"
wait "$SSE" 2>/dev/null
grep -q '^event: deleted$' "$SCRATCH/sse2" || fail "no deleted event: $(tail -c 300 "$SCRATCH/sse2")"
[ -f "$DATA/$GE.sgf" ] && fail "deleted game's file still there"
req GET "/api/games/$GE"
expect 404 "not found" "deleted game"
req DELETE "/api/games/$GE"
expect 404 "not found" "delete twice"

# ---- the list ----
req GET /api/games
expect 200 "" "list"
for id in "$G1" "$G13" "$GH" "$GP" "$GW" "${ids[@]}"; do has "\"id\":\"$id\"" "list"; done
hasnt "\"id\":\"$GE\"" "list after delete"
hasnt '"board":' "list summaries"

# Remember every game's moves for the restart.
req GET /api/games
grep -o '"id":"[^"]*"' "$BODY" | sed 's/"id":"\(.*\)"/\1/' >"$SCRATCH/ids"
while read -r id; do echo "$id $(moves_of "$id")"; done <"$SCRATCH/ids" >"$SCRATCH/before"
stop_server

# ---- restart: every game back; a corrupt file skipped and kept; one server per folder ----
printf '(;SZ[9];B[zz' >"$DATA/broken.sgf"
printf 'junk' >"$DATA/bad name.sgf"
start_server s2 --threads 1 --queue 1
grep -q 'skipped .*broken.sgf' "$SCRATCH/s2.err" || fail "corrupt file not reported: $(cat "$SCRATCH/s2.err")"
[ "$(cat "$DATA/broken.sgf")" = '(;SZ[9];B[zz' ] || fail "corrupt file changed"
while read -r id moves; do
    [ "$(moves_of "$id")" = "$moves" ] || fail "after restart game $id has $(moves_of "$id"), was $moves"
done <"$SCRATCH/before"
[ "$(wc -l <"$SCRATCH/before")" -eq 14 ] || fail "not 14 games: $(wc -l <"$SCRATCH/before")"
req GET "/api/games/$GP"
has '"phase":"play"' "restart keeps the phase"
"$TENGEN" web --port 0 --data "$DATA" >"$SCRATCH/s3.out" 2>&1 && fail "a second server on one folder"
grep -q 'used by another tengen web' "$SCRATCH/s3.out" || fail "second server: $(cat "$SCRATCH/s3.out")"

# ---- a busy server: one AI thread, a queue of one: the third genmove is 429 ----
slow=()
for k in 1 2 3; do
    req POST /api/games '{"size":9,"playouts":1000000,"seconds":2}'
    slow+=("$(id_of_body)")
    req POST "/api/games/${slow[$((k - 1))]}/play" '{"move":"E5"}'
done
curl -s -o "$SCRATCH/slow1" -X POST "$URL/api/games/${slow[0]}/genmove" &
B1=$!
curl -s -o "$SCRATCH/slow2" -X POST "$URL/api/games/${slow[1]}/genmove" &
B2=$!
for _ in $(seq 1 100); do
    req GET /api/status
    grep -q '"searching":1,"queued":1' "$BODY" && break
    sleep 0.05
done
has '"searching":1,"queued":1' "status while busy"
req POST "/api/games/${slow[2]}/genmove"
expect 429 busy "genmove beyond the queue"
req POST "/api/games/${slow[1]}/play" '{"move":"D4"}'
expect 409 "ai thinking" "play while queued"
req POST "/api/games/${slow[0]}/genmove"
expect 409 "ai thinking" "genmove while thinking"
req POST "/api/games/${slow[0]}/undo"
expect 409 "ai thinking" "undo while thinking"
req GET "/api/games/${slow[0]}"
has '"ai_thinking":true' "thinking game"
wait "$B1" "$B2"
grep -q '"move_number":2' "$SCRATCH/slow1" && grep -q '"move_number":2' "$SCRATCH/slow2" ||
    fail "queued genmoves: $(head -c 200 "$SCRATCH/slow1") $(head -c 200 "$SCRATCH/slow2")"

# DELETE while the AI thinks: the waiting genmove answers 404, the game is gone.
curl -s -o "$SCRATCH/slow3" -w '%{http_code}' -X POST "$URL/api/games/${slow[2]}/genmove" \
    >"$SCRATCH/slow3.status" &
B3=$!
for _ in $(seq 1 100); do
    req GET "/api/games/${slow[2]}"
    grep -q '"ai_thinking":true' "$BODY" && break
    sleep 0.05
done
req DELETE "/api/games/${slow[2]}"
expect 200 "" "delete while thinking"
wait "$B3"
[ "$(cat "$SCRATCH/slow3.status")" = 404 ] || fail "genmove of a deleted game: $(cat "$SCRATCH/slow3.status")"
[ -f "$DATA/${slow[2]}.sgf" ] && fail "game deleted while thinking came back"
stop_server

if [ "$failures" -gt 0 ]; then
    echo "web_api: $failures failure(s)"
    exit 1
fi
echo "web_api: ok"
