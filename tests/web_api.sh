#!/usr/bin/env bash
# web_api.sh - the JSON API of `tengen web` (docs/web.md) against a running server, with curl:
# every endpoint and every error status (400 bad JSON and fields, 403 foreign Host and Origin,
# 404, 405, 409 occupied, suicide, ko, superko, not your turn, not ai turn, game over, ai
# thinking, still playing, nothing to undo, 413 with and without Content-Length, 415 a body that
# is not declared JSON, 429 with one AI thread and a queue of one), concurrent games, the analysis
# event stream during a genmove and after a DELETE (and a client that goes away from its stream
# leaves no error on the server's terminal), the last search's summary in the state (also
# after a restart), games played to the count with the proposal and a disputed dead list, Atari
# Go's capture end, a game against the alpha-beta engine ("engine": "ab"; bad values 400), the
# AI resigning a hopeless position, copies of the first moves (two moves of one colour in a
# row), SGF export read back by `tengen gtp` (loadsgf) and import, "move now" (a long search
# stopped early) and undo, resign and delete while the AI thinks or waits, analysis on request
# (its events with each candidate's score lead, its stop, its time cap, the requests that end
# it, review of one past position and then another, bad requests), a game review ("Analyse this
# game": its progress events, cancelled midway, its data in the state and the SGF, read back by an
# import and after a restart, ended by a delete and by the server's stop; bad requests), the game
# tree (an imported file's variations, comments and properties kept, downloaded and imported again
# to the same tree; moves tried, commented and deleted beside the game; a tried move played, then
# taken back and kept as a variation; markup as vertices; a variation's position analysed and
# copied (the copy's tree whole); bad node ids, methods and limits; kept by a restart with the same
# node ids), a
# restart that finds every game with its moves and engine (a corrupt file is reported and left alone; a second
# server on the folder refused), and clocks (bad `clock` objects refused, tengen's genmove charged
# to its clock, 2 s games lost on time by a human who never moves, noticed by the event stream
# alone and by GET, nothing played or taken back after it, TM/OT/BL and RE[W+T] in the SGF, a
# running clock stopped by a restart and running again as it was).
#   bash tests/web_api.sh <path to tengen>    (from the source root; CTest does this)
set -u
source "$(dirname "$0")/common.bash"
test_start web_api docs/web.md "$@"

if ! command -v curl >/dev/null; then
    echo "note: curl not found, web API test skipped (make deps installs it)"
    exit 0
fi

DATA=$SCRATCH/data
source "$(dirname "$0")/web_test.bash"

trap '[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$SCRATCH"' EXIT

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

# ---- requests from elsewhere: DNS rebinding (Host), other sites (Origin), HTML forms ----
PORT=${URL##*:}
# hreq HEADER METHOD PATH [BODY]: req with one more header (a body is sent without a type).
hreq() {
    local header=$1 method=$2 path=$3
    if [ $# -ge 4 ]; then
        status=$(curl -s -o "$BODY" -w '%{http_code}' -H "$header" -X "$method" --data-binary "$4" \
            "$URL$path")
    else
        status=$(curl -s -o "$BODY" -w '%{http_code}' -H "$header" -X "$method" "$URL$path")
    fi
}
for host in evil.example "evil.example:$PORT" "127.0.0.1:$((PORT == 1 ? 2 : 1))" "localhost:$PORT:1" \
    "[::1" "127.0.0.1.evil.example:$PORT" "localhost.:$PORT"; do
    hreq "Host: $host" GET /api/status
    expect 403 "bad host" "Host: $host"
done
hreq "Host: evil.example:$PORT" GET /
expect 403 "bad host" "the page for a foreign Host"
for host in "localhost:$PORT" "LocalHost:$PORT" "127.0.0.1:$PORT" "[::1]:$PORT" localhost; do
    hreq "Host: $host" GET /api/status
    expect 200 "" "Host: $host"
done
for origin in http://evil.example "http://127.0.0.1:$PORT.evil.example" null "file://"; do
    status=$(curl -s -o "$BODY" -w '%{http_code}' -H "Origin: $origin" -H "$JSON" -X POST \
        --data-binary '{"size":5}' "$URL/api/games")
    expect 403 "bad origin" "POST with Origin: $origin"
done
hreq "Origin: http://evil.example" DELETE /api/games/nosuchgame
expect 403 "bad origin" "DELETE from another site"
hreq "Origin: http://evil.example" GET /api/status
expect 200 "" "a read from another site (the browser keeps the answer from it)"
status=$(curl -s -o "$BODY" -w '%{http_code}' -H "Origin: $URL" -H "$JSON" -X POST \
    --data-binary '{"size":5}' "$URL/api/games")
expect 201 "" "POST from the page itself"
GO=$(id_of_body)
for type in "text/plain" "application/x-www-form-urlencoded" "multipart/form-data; boundary=x" \
    "application/jsonp" ""; do
    hreq "Content-Type: $type" POST /api/games '{"size":5}'
    expect 415 "not json" "a body with Content-Type: $type"
done
status=$(curl -s -o "$BODY" -w '%{http_code}' -X POST -d 'size=5' "$URL/api/games")
expect 415 "not json" "an HTML form's body"
hreq "Content-Type: application/json; charset=utf-8" POST "/api/games/$GO/play" '{"move":"C3"}'
expect 200 "" "a body with Content-Type: application/json; charset=utf-8"
hreq "Content-Type: Application/JSON" POST "/api/games/$GO/undo" '{}'
expect 200 "" "a body with Content-Type: Application/JSON"
req DELETE "/api/games/$GO"
expect 200 "" "delete without a body or Origin"

# ---- create: defaults, fields, errors ----
status=$(curl -s -D "$SCRATCH/headers" -o "$BODY" -w '%{http_code}' -X POST "$URL/api/games")
expect 201 "" "create with no body"
G1=$(id_of_body)
grep -qi "^Location: /api/games/$G1" "$SCRATCH/headers" || fail "201 without Location"
for f in '"size":9' '"komi":7.5' '"rules":"chinese"' '"human":"black"' '"to_move":"black","phase"' \
    '"phase":"play"' '"move_number":0' '"moves":[]' '"result":null' '"ai_thinking":false' \
    '"captures":{"black":0,"white":0}' '"board":[".........",' '"engine":"mcts"'; do
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
has '"to_move":"white","phase"' "handicap game: white first"
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
    '{"playouts":2000000}' '{"seconds":0}' '{"threads":99}' '{"sgf":5}' '{"engine":"minimax"}' \
    '{"engine":"AB"}' '{"engine":1}' '{"engine":["ab"]}'; do
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
has '"to_move":"white","phase"' "after play"
has '"last_move":"E5"' "after play"
req POST "/api/games/$G1/play" '{"move":"D4"}'
expect 409 "not your turn" "play twice"
req POST "/api/games/$G1/genmove"
expect 200 "" "genmove"
has '"move_number":2' "after genmove"
has '"to_move":"black","phase"' "after genmove"
has '"ai_move":{"move":"' "after genmove"
grep -qE '"evaluations":\[null,0(\.[0-9]+)?\]|"evaluations":\[null,1\]' "$BODY" ||
    fail "evaluations after genmove: $(head -c 400 "$BODY")"
has '"last_analysis":{"move_number":1,"to_move":"white","playouts":' "the last search's summary"
has '"ownership":[[' "the last search's ownership"
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
has '"to_move":"black","phase"' "after undo"
has '"ai_move":null' "after undo"
has '"last_analysis":null' "undo drops the summary of a search of a position taken back"
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

# The alpha-beta engine: Atari Go 7x7 with "engine": "ab" answers a move; the choice is in the
# state, the saved SGF (TGWEB) and copies (a copy may switch it).
req POST /api/games '{"size":7,"rules":"atari-go","engine":"ab","playouts":5000}'
expect 201 "" "Atari Go with engine ab"
has '"engine":"ab"' "engine ab in the state"
GAB=$(id_of_body)
req POST "/api/games/$GAB/play" '{"move":"D4"}'
expect 200 "" "a move against alpha-beta"
req POST "/api/games/$GAB/genmove"
expect 200 "" "alpha-beta's genmove"
has '"move_number":2' "alpha-beta moved"
grep -q '"ai_move":{"move":"[A-HJ][1-7]"' "$BODY" || fail "alpha-beta's move: $(head -c 400 "$BODY")"
has '"engine":"ab"' "engine ab after its move"
req GET "/api/games/$GAB/sgf"
has 'TGWEB[' "alpha-beta game's SGF"
has '"engine":"ab"' "alpha-beta game's TGWEB"
req POST "/api/games/$GAB/copy" '{"engine":"mcts"}'
expect 201 "" "copy an alpha-beta game with engine mcts"
has '"engine":"mcts"' "copy switched to mcts"
req DELETE "/api/games/$(id_of_body)"
req POST "/api/games/$GAB/copy"
expect 201 "" "copy an alpha-beta game"
has '"engine":"ab"' "a copy keeps the engine"
req DELETE "/api/games/$(id_of_body)"

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
    if grep -q '"to_move":"white","phase"' "$BODY"; then req POST "/api/games/$GW/genmove"
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
    if [ -n "$stone" ]; then
        req POST "/api/games/$GW/score" "{\"dead\":[\"$stone\"]}"
        expect 200 "" "short game: count with $stone dead"
        has "\"dead\":[\"$stone\"" "short game disputed"
    else
        # White may pass at once against a centre stone on 5x5: nothing to mark.
        req POST "/api/games/$GW/score" '{"dead":[]}'
        expect 200 "" "short game: count with no white stone"
    fi
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

# ---- the AI resigns a hopeless position (5x5: Black's wall; resign below 50%) ----
HOPELESS='(;GM[1]FF[4]SZ[5]KM[0.5]RU[chinese]AB[ca][cb][cc][cd][ce];W[ba];B[da];W[bb];B[db])'
# ai_turns ID: three times the AI moves and the human plays a stone (never a pass: no count).
ai_turns() {
    for _ in 1 2 3; do
        req POST "/api/games/$1/genmove"
        [ "$status" = 200 ] || fail "genmove in the hopeless game: $status $(head -c 200 "$BODY")"
        grep -q '"phase":"play"' "$BODY" || return 0
        for m in D3 D2 D1 E5 E4 E3 E2 E1; do
            req POST "/api/games/$1/play" "{\"move\":\"$m\"}"
            [ "$status" = 200 ] && break
        done
    done
}
import "$HOPELESS" ',"human":"black","playouts":200,"resign":0'
expect 201 "" "import a hopeless position, resign 0"
has '"resign":0}' "resign 0"
GN=$(id_of_body)
ai_turns "$GN"
has '"phase":"play"' "the AI never resigns with resign 0"
import "$HOPELESS" ',"human":"black","playouts":200,"resign":0.5'
expect 201 "" "import a hopeless position, resign 0.5"
has '"resign":0.5}' "resign 0.5"
GR=$(id_of_body)
ai_turns "$GR"
has '"end":"resign"' "the AI resigned"
has '"result":"B+R"' "the AI resigned"
has '"result_text":"Black wins by resignation."' "the AI resigned"
has '"ai_move":{"move":"resign","winrate":' "the AI's resignation"
resigned=$(grep -o '"move_number":[0-9]*' "$BODY")
req POST "/api/games/$GR/copy"
expect 201 "" "copy of a resigned game"
has '"phase":"play"' "a copy plays on"
has '"result":null' "a copy has no result"
has "$resigned," "a copy of every move"
GRC=$(id_of_body)
req POST "/api/games/$GR/undo"
expect 200 "" "undo the AI's resignation"
has '"phase":"play"' "undo the AI's resignation"
has '"to_move":"black","phase"' "undo the AI's resignation and the human's last move"
[ "$(grep -o '"evaluations":\[[^]]*\]' "$BODY")" = \
    "$(curl -s "$URL/api/games/$GRC" | grep -o '"evaluations":\[[^]]*\]' | sed 's/,[^,]*\]$/]/')" ] ||
    fail "the copy's evaluations are not the original's"

# ---- copies of the first moves (two black moves in a row: colours do not alternate) ----
import "(;GM[1]FF[4]SZ[9];B[ee];B[cc];W[gg])" ',"human":"black","playouts":50'
expect 201 "" "import two black moves in a row"
GB=$(id_of_body)
req POST "/api/games/$GB/copy" '{"move":2}'
expect 201 "" "copy of the first two moves"
has '"moves":["E5","C7"]' "copy of the first two moves"
has '"to_move":"white","phase"' "copy of two black moves: white to move"
has '"human":"black"' "the copy keeps the human's colour"
has '"playouts":50' "the copy keeps the AI's settings"
GBC=$(id_of_body)
[ "$GBC" != "$GB" ] && [ -f "$DATA/$GBC.sgf" ] || fail "the copy is not a new saved game"
req POST "/api/games/$GBC/genmove"
expect 200 "" "the AI moves in the copy"
has '"move_number":3' "the AI moves in the copy"
[ "$(moves_of "$GB")" = '["E5","C7","G3"]' ] || fail "the copy changed the original: $(moves_of "$GB")"
req POST "/api/games/$GB/copy" '{"move":0,"human":"white","playouts":70}'
expect 201 "" "copy of no move"
has '"moves":[]' "copy of no move"
has '"human":"white"' "copy with another colour"
has '"playouts":70' "copy with other playouts"
GBC0=$(id_of_body)
for bad in '{"move":4}' '{"move":-1}' '{"move":1.5}' '{"move":"2"}' '{"human":"red"}'; do
    req POST "/api/games/$GB/copy" "$bad"
    expect 400 "bad field" "copy $bad"
done
req POST /api/games/nosuchgame/copy
expect 404 "not found" "copy of an unknown game"
req GET "/api/games/$GB/copy"
expect 405 method "GET copy"

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
    (curl -s -o /dev/null -X POST -H "$JSON" --data-binary '{"move":"E5"}' "$URL/api/games/$id/play" &&
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

# A client that goes away (a tab closed or reloaded) while its stream is being sent: the server
# says nothing about it on its terminal.
req POST /api/games '{"size":9,"playouts":3000}'
GQ=$(id_of_body)
req POST "/api/games/$GQ/play" '{"move":"E5"}'
curl -s -N --max-time 60 "$URL/api/games/$GQ/analysis" >"$SCRATCH/sse3" &
SSE=$!
wait_for "$SCRATCH/sse3" "event: state" || fail "the third stream sent nothing"
kill -9 "$SSE" 2>/dev/null
wait "$SSE" 2>/dev/null
req POST "/api/games/$GQ/genmove"
expect 200 "" "genmove after its stream's client went away"
for _ in $(seq 1 200); do
    req GET "/api/games/$GQ"
    grep -q '"move_number":2,' "$BODY" && grep -q '"ai_thinking":false' "$BODY" && break
    sleep 0.1
done
grep -q '"move_number":2,' "$BODY" || fail "the AI did not answer after the stream's client went away"
req DELETE "/api/games/$GQ"
expect 200 "" "delete the game of the closed stream"
if grep -E 'Failed to send|no longer available|closed by remote' "$SCRATCH/s1.err"; then
    fail "the server printed a client's going away as an error"
fi

# ---- analysis on request: POST .../analyze, DELETE .../analyze ----
req POST /api/games '{"size":9,"playouts":500}'
GA=$(id_of_body)
curl -s -N --max-time 60 "$URL/api/games/$GA/analysis" >"$SCRATCH/sse4" &
SSE=$!
wait_for "$SCRATCH/sse4" "event: state" || fail "the analysis stream sent nothing"
req POST "/api/games/$GA/analyze"
expect 200 "" "analyze"
has '"ai_thinking":false,"analyzing":true' "analyze: the state says so"
wait_for "$SCRATCH/sse4" 'data: {"move_number":0,"to_move":"black"' || fail "no analysis events"
req GET "/api/games/$GA"
has '"analyzing":true' "the analysis goes on until stopped"
req DELETE "/api/games/$GA/analyze"
expect 200 "" "stop the analysis"
has '"analyzing":false' "the stop answers once the analysis ended"
wait_for "$SCRATCH/sse4" '"final":true' || fail "no final analysis after the stop"
# Each candidate has its visits, Black's win rate and Black's score lead (a number of points).
grep '"final":true' "$SCRATCH/sse4" |
    grep -qE '^data: \{"move_number":0,"to_move":"black".*"candidates":\[\{"move":"[A-J][0-9]","visits":[0-9]+,"winrate":[0-9.]+,"score_lead":-?[0-9.]+,"prior":' ||
    fail "final analysis: $(grep '"final"' "$SCRATCH/sse4" | head -c 300)"
req GET "/api/games/$GA"
has '"last_analysis":{"move_number":0,"to_move":"black"' "the analysis is the last search"
req DELETE "/api/games/$GA/analyze"
expect 200 "" "stop without an analysis"
# A refused move leaves it running; a move, a genmove and an undo end it first.
req POST "/api/games/$GA/analyze" '{"seconds":30}'
req POST "/api/games/$GA/play" '{"move":"Z9"}'
expect 400 "bad move" "a bad move during an analysis"
req GET "/api/games/$GA"
has '"analyzing":true' "a refused move leaves the analysis running"
req POST "/api/games/$GA/play" '{"move":"E5"}'
expect 200 "" "a move during an analysis"
has '"move_number":1,' "the move was played"
has '"analyzing":false' "a move ends the analysis"
req POST "/api/games/$GA/analyze"
expect 200 "" "analyze on the AI's turn"
wait_for "$SCRATCH/sse4" 'data: {"move_number":1,"to_move":"white"' || fail "no analysis of move 1"
req POST "/api/games/$GA/genmove"
expect 200 "" "genmove during an analysis"
has '"move_number":2,' "genmove after an analysis"
has '"analyzing":false' "genmove ends the analysis"
req POST "/api/games/$GA/analyze"
req POST "/api/games/$GA/play" '{"move":"E5"}'
expect 409 occupied "an occupied point during an analysis"
req POST "/api/games/$GA/undo"
expect 200 "" "undo during an analysis"
has '"move_number":0,' "undo during an analysis"
has '"analyzing":false' "undo ends the analysis"
# The time cap ends it by itself.
req POST "/api/games/$GA/analyze" '{"seconds":0.3}'
expect 200 "" "analyze for 0.3 s"
for _ in $(seq 1 100); do
    req GET "/api/games/$GA"
    grep -q '"analyzing":false' "$BODY" && break
    sleep 0.1
done
has '"analyzing":false' "the time cap ends the analysis"
# Bad requests.
req POST "/api/games/$GA/analyze" '{"seconds":0}'
expect 400 "bad field" "analyze for 0 s"
req POST "/api/games/$GA/analyze" '{"seconds":601}'
expect 400 "bad field" "analyze for 601 s"
req POST "/api/games/$GA/analyze" '{"seconds":"long"}'
expect 400 "bad field" "analyze for a text"
req POST "/api/games/$GA/analyze" '{"move":1}'
expect 400 "bad field" "analyze a move beyond the game"
req POST "/api/games/$GA/analyze" '{"move":-1}'
expect 400 "bad field" "analyze a negative move"
req POST "/api/games/$GA/analyze" '{"seconds":'
expect 400 "bad json" "analyze with broken JSON"
status=$(curl -s -D "$SCRATCH/headers" -o "$BODY" -w '%{http_code}' -X PUT "$URL/api/games/$GA/analyze")
[ "$status" = 405 ] && grep -qi '^Allow: POST, DELETE' "$SCRATCH/headers" || fail "PUT analyze: $status"
req POST /api/games/nosuchgame/analyze
expect 404 "not found" "analyze an unknown game"
req DELETE /api/games/nosuchgame/analyze
expect 404 "not found" "stop the analysis of an unknown game"
# Review: a position of the past, in any phase, without touching the game's last search.
req POST "/api/games/$GA/play" '{"move":"E5"}'
req POST "/api/games/$GA/genmove"
req POST "/api/games/$GA/resign"
has '"phase":"over"' "resigned"
req POST "/api/games/$GA/analyze"
expect 409 "game over" "analyze a game that is over"
mark=$(wc -l <"$SCRATCH/sse4")
review_start=$SECONDS
req POST "/api/games/$GA/analyze" '{"move":0,"seconds":30}'
expect 200 "" "analyze the empty board of a game that is over"
has '"analyzing":true' "review analysis"
req POST "/api/games/$GA/resign"
expect 409 "game over" "resign a game that is over during a review analysis"
req GET "/api/games/$GA"
has '"analyzing":true' "a refused resignation leaves the review analysis running"
for _ in $(seq 1 100); do
    tail -n +"$((mark + 1))" "$SCRATCH/sse4" | grep -q '^data: {"move_number":0,"to_move":"black"' &&
        break
    sleep 0.1
done
tail -n +"$((mark + 1))" "$SCRATCH/sse4" | grep -q '^data: {"move_number":0,"to_move":"black"' ||
    fail "no analysis of the review position"
# A second request for another position of the past (the page stepping through a review) ends
# this one, long before its 30 s, and searches that one. Both events are waited for (a loaded
# machine is slow to report); the first one's end must still come well before its own 30 s.
req POST "/api/games/$GA/analyze" '{"move":1,"seconds":30}'
expect 200 "" "analyze another position of the past"
has '"analyzing":true' "the second review analysis runs"
first_ended() {
    tail -n +"$((mark + 1))" "$SCRATCH/sse4" | grep -q '^data: {"move_number":0,"to_move":"black".*"final":true'
}
second_reported() {
    tail -n +"$((mark + 1))" "$SCRATCH/sse4" |
        grep -qE '^data: \{"move_number":1,"to_move":"white".*"candidates":\[\{"move":"[A-J][0-9]","visits":[0-9]+,"winrate":[0-9.]+,"score_lead":-?[0-9.]+,'
}
for _ in $(seq 1 200); do
    first_ended && second_reported && break
    sleep 0.1
done
first_ended || fail "the first review analysis did not end at the second request"
[ $((SECONDS - review_start)) -lt 28 ] ||
    fail "the first review analysis ended only near its own 30 s, not at the second request"
second_reported || fail "no analysis of move 1 after the second review request"
req DELETE "/api/games/$GA/analyze"
expect 200 "" "stop the review analysis"
has '"analyzing":false' "the review analysis ended"
has '"last_analysis":{"move_number":1,"to_move":"white"' "a review keeps the game's last search"
has '"moves":["E5",' "a review changes no move"
# The AI thinking refuses an analysis; deleting the game ends one.
req POST /api/games '{"size":9,"playouts":0,"seconds":30}'
GB=$(id_of_body)
req POST "/api/games/$GB/play" '{"move":"E5"}'
curl -s -o "$SCRATCH/gb-genmove" -X POST "$URL/api/games/$GB/genmove" &
GENMOVE=$!
for _ in $(seq 1 100); do
    req GET "/api/games/$GB"
    grep -q '"ai_thinking":true' "$BODY" && break
    sleep 0.1
done
req POST "/api/games/$GB/analyze"
expect 409 "ai thinking" "analyze while the AI thinks"
req DELETE "/api/games/$GB/analyze"
expect 200 "" "stopping no analysis while the AI thinks"
has '"ai_thinking":true' "stopping no analysis leaves the AI thinking"
req POST "/api/games/$GB/stop"
wait "$GENMOVE"
req POST "/api/games/$GB/analyze"
expect 200 "" "analyze before deleting"
req DELETE "/api/games/$GB"
expect 200 "" "delete during an analysis"
req DELETE "/api/games/$GA"
expect 200 "" "delete the analysed game"
wait_for "$SCRATCH/sse4" "event: deleted" || fail "the analysed game's stream did not end"
kill "$SSE" 2>/dev/null
wait "$SSE" 2>/dev/null

# ---- the list ----
req GET /api/games
expect 200 "" "list"
for id in "$G1" "$G13" "$GH" "$GP" "$GW" "${ids[@]}"; do has "\"id\":\"$id\"" "list"; done
hasnt "\"id\":\"$GE\"" "list after delete"
hasnt '"board":' "list summaries"

# ---- an import keeps the file's players, information and comments; the same file again ----
LONG=$(printf 'x%.0s' $(seq 1 300))
NAMED="(;GM[1]FF[4]SZ[9]PB[Honinbo Shusaku]BR[7d]PW[<b>Gennan</b> $LONG]EV[Castle game]"
NAMED+="DT[1846-09-11]RE[B+2]C[Game start];B[ee]C[A calm opening\\nand a plan];W[cc]"
NAMED+="(;B[gc]C[Main line];W[gg])(;B[cg])(;B[gg]))"
import "$NAMED"
expect 201 "" "import a game with names and comments"
GN=$(id_of_body)
has '"players":{"black":"Honinbo Shusaku","white":"<b>Gennan</b> '"${LONG:0:86}"'"}' "names kept, cut at 100 bytes"
has '"info":{"black_rank":"7d","result":"B+2","date":"1846-09-11","event":"Castle game"}' "game info"
has '"comments":{"0":"Game start","1":"A calm opening\nand a plan","3":"Main line"}' "comments by move"
has '"variations_dropped":0' "variations kept, none dropped"
has '"move_number":4,' "the main line"
req GET /api/games
has '"players":{"black":"Honinbo Shusaku",' "the list names the players"
import "$NAMED"
expect 200 "" "the same file again"
has "\"id\":\"$GN\"" "the same file again: the same game"
has '"existing":true' "the same file again: existing"
import "$NAMED" ',"duplicate":true'
expect 201 "" "the same file again as a new game"
hasnt "\"id\":\"$GN\"" "duplicate: a new game"
req DELETE "/api/games/$(id_of_body)"
import "$NAMED" ',"duplicate":5'
expect 400 "bad field" "duplicate not a boolean"
req GET "/api/games/$GN/sgf"
for p in 'PB[Honinbo Shusaku]' 'BR[7d]' 'EV[Castle game]' 'DT[1846-09-11]' 'RE[B+2]' \
    'C[Game start]' ';B[ee]C[A calm opening' ';B[gc]C[Main line]'; do
    has "$p" "the download keeps $p"
done
has '(;B[cg]XID[' "the download keeps the variations, with their ids"
import "(;GM[1]SZ[9]AB[aa][bb][cc]AW[dd][ee])"
expect 201 "" "import a setup-only position"
GSU=$(id_of_body)
has '"move_number":0,' "setup only: no moves"
has '"setup_stones":5,' "setup only: its stones counted"
has '"players":null,"info":null,"comments":{},"variations_dropped":0' "no record in a plain position"

# ---- the game tree: variations, comments and properties kept; trying moves beside the game ----
# node_id TEXT: the id of the node of the last tree answer whose object contains TEXT.
node_id() {
    tr '{' '\n' <"$BODY" | grep -F -- "$1" | head -1 | sed -n 's/^"id":\([0-9]*\),.*/\1/p'
}
TREE_SGF=$(tr -d '\n' <"$ROOT/tests/fixtures/web/variations.sgf")
import "$TREE_SGF"
expect 201 "" "import a file with variations"
GT=$(id_of_body)
has '"moves":["E5","C7","G7","G3","C3"]' "the main line is the game"
has '"variations_dropped":0' "nothing dropped"
req GET "/api/games/$GT/tree"
expect 200 "" "the tree"
has '"variation_nodes":5' "every variation node kept"
has '"number":0,"main":true,"color":null,"move":null,"comment":"A game to study."' "the root's comment"
has '"main":true,"color":"black","move":"E5","comment":"Tengen.","name":"Opening"' "a name"
has '"number":3,"main":false,"color":"black","move":"C3","comment":"A quieter move."' "a variation"
has '"number":5,"main":false,"color":"black","move":"F4","comment":"Tenuki."' "a nested variation"
TREE_BEFORE=$(cat "$BODY")
QUIET=$(node_id '"move":"C3","comment":"A quieter move."')
req GET "/api/games/$GT/tree/$QUIET"
expect 200 "" "a variation's position"
has '"main":false,"move_number":3,"color":"black","move":"C3","to_move":"white","last_move":"C3"' "the variation's move"
has '"board":[".........",".........","..O......",".........","....X....",".........","..X......",' "its board"
has '"comment":"A quieter move."' "its comment"
req GET "/api/games/$GT/sgf"
for p in 'PC[Tokyo]' 'GN[Tree test]' 'N[Opening]' 'TR[dd]' '(;B[cg]C[A quieter move.]' \
    '(;B[ff]LB[dd:A]C[Tenuki.]XID[' '(;B[gg]C[Too slow.]XID[' 'PW[Go Seigen]' 'WR[9p]' 'XNI['; do
    has "$p" "the download keeps $p"
done
cp "$BODY" "$SCRATCH/tree1.sgf"
# The download imported again is the same tree, and writes back the same file.
import "$(sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' "$SCRATCH/tree1.sgf" | awk '{printf "%s\\n", $0}')" ',"duplicate":true'
expect 201 "" "the download imported again"
GT2=$(id_of_body)
req GET "/api/games/$GT2/tree"
[ "$(cat "$BODY")" = "$TREE_BEFORE" ] || fail "round trip: another tree: $(head -c 600 "$BODY")"
req GET "/api/games/$GT2/sgf"
diff <(grep -v TGWEB "$SCRATCH/tree1.sgf") <(grep -v TGWEB "$BODY") >/dev/null ||
    fail "round trip: another file: $(diff <(grep -v TGWEB "$SCRATCH/tree1.sgf") <(grep -v TGWEB "$BODY"))"
req DELETE "/api/games/$GT2"
# Trying moves: a new variation from a variation's node, the game unchanged.
req GET "/api/games/$GT/tree"
ANSWER=$(node_id '"number":4,"main":false,"color":"white","move":"G7"')
req POST "/api/games/$GT/tree/$ANSWER" '{"move":"e3"}'
expect 201 "" "try a move in a variation"
has '"number":5,"main":false,"color":"black","move":"E3"}' "the move is a new node"
TRIED=$(sed -n 's/.*"node":\([0-9]*\)}$/\1/p' "$BODY")
req POST "/api/games/$GT/tree/$ANSWER" '{"move":"E3"}'
expect 200 "" "the same move again"
has "\"node\":$TRIED}" "the same move again: the same node"
req POST "/api/games/$GT/tree/$TRIED" '{"comment":"My idea <b>here</b>"}'
expect 200 "" "a comment on the new node"
has '"move":"E3","comment":"My idea <b>here</b>"}' "the comment kept"
req POST "/api/games/$GT/tree/0" '{"comment":"Edited root comment"}'
expect 200 "" "a comment on the main line"
req GET "/api/games/$GT"
has '"moves":["E5","C7","G7","G3","C3"]' "trying moves leaves the game alone"
has '"0":"Edited root comment"' "a main line comment is the game's comment"
req GET "/api/games/$GT/sgf"
tr -d '\n' <"$BODY" | sed 's/XID\[[0-9]*\]//g' |
    grep -qF ';W[gc](;B[dg]C[Solid.])(;B[ff]LB[dd:A]C[Tenuki.])(;B[eg]C[My idea <b>here</b>]))' ||
    fail "the download has the tried move: $(cat "$BODY")"
has 'C[Edited root comment]' "the download has the edited comment"
req POST "/api/games/$GT/tree/$ANSWER" '{"move":"G7"}'
expect 409 occupied "a tried move on a stone"
req POST "/api/games/$GT/tree/$ANSWER" '{"move":"Z99"}'
expect 400 "bad move" "a tried move off the board"
req POST "/api/games/$GT/tree/$ANSWER" '{}'
expect 400 "bad field" "neither move nor comment"
req POST "/api/games/$GT/tree/$ANSWER" '{"move":"E3","comment":"x"}'
expect 400 "bad field" "both move and comment"
req POST "/api/games/$GT/tree/$ANSWER" '{"comment":5}'
expect 400 "bad field" "a comment not a text"
for bad in 99999 abc -1 1x 12345678901 '0/1'; do
    req GET "/api/games/$GT/tree/$bad"
    expect 404 "not found" "node id $bad"
done
req POST "/api/games/$GT/tree/99999" '{"move":"A1"}'
expect 404 "not found" "a move at an unknown node"
req DELETE "/api/games/$GT/tree/0"
expect 409 "main line" "the main line cannot be deleted"
req PUT "/api/games/$GT/tree/0"
expect 405 method "PUT of a node"
req POST "/api/games/$GT/tree" '{"move":"A1"}'
expect 405 method "POST of the tree"
req GET "/api/games/nosuchgame/tree"
expect 404 "not found" "the tree of no game"
# Deleting a variation; one kept for the restart.
req GET "/api/games/$GT/tree"
SLOW=$(node_id '"move":"G3","comment":"Too slow."')
req DELETE "/api/games/$GT/tree/$SLOW"
expect 200 "" "delete a variation"
hasnt 'Too slow.' "the variation is gone"
has '"variation_nodes":5' "the other variations stay"
# A move tried at the game's last position and then played becomes the main line; an undo
# takes it back.
req GET "/api/games/$GT/tree"
LAST=$(node_id '"number":5,"main":true')
req POST "/api/games/$GT/tree/$LAST" '{"move":"D4"}'
expect 201 "" "try the next move"
req POST "/api/games/$GT/play" '{"move":"D4"}'
expect 200 "" "play the tried move"
req GET "/api/games/$GT/tree"
has '"number":6,"main":true,"color":"white","move":"D4"' "the tried move is the game's"
has '"variation_nodes":5' "and no longer a variation"
req POST "/api/games/$GT/undo"
req GET "/api/games/$GT/tree"
has '"number":6,"main":false,"color":"white","move":"D4"' "an undo keeps the move as a variation"
has '"variation_nodes":6' "the move taken back counts as a variation node"
# Markup: the points of TR, SQ, CR, MA and the labels of LB, as vertices.
has '"move":"G7","comment":"The game went on here.","markup":{"triangle":["D6"]}' "a triangle of the main line"
has '"comment":"Tenuki.","markup":{"labels":[{"at":"D6","text":"A"}]}' "a label of a variation"
TENUKI=$(node_id '"comment":"Tenuki."')
req GET "/api/games/$GT/tree/$TENUKI"
has '"markup":{"labels":[{"at":"D6","text":"A"}]}' "a node's position has its markup"
# Analysis of a variation's position: its events name the node; the game's last search stays.
curl -s -N --max-time 60 "$URL/api/games/$GT/analysis" >"$SCRATCH/sse-tree" &
SSE_TREE=$!
wait_for "$SCRATCH/sse-tree" "event: state" || fail "the tree game's stream sent nothing"
req POST "/api/games/$GT/analyze" "{\"node\":$QUIET,\"seconds\":0.5}"
expect 200 "" "analyze a variation's position"
has '"analyzing":true' "a variation's analysis runs"
wait_for "$SCRATCH/sse-tree" '"final":true' || fail "the variation's analysis did not end"
grep -q "^data: {\"move_number\":3,\"node\":$QUIET,\"to_move\":\"white\".*\"final\":true" "$SCRATCH/sse-tree" ||
    fail "no final analysis of the variation: $(grep data "$SCRATCH/sse-tree" | tail -1 | head -c 300)"
grep "\"node\":$QUIET" "$SCRATCH/sse-tree" | grep -qE '"candidates":\[\{"move":"[A-J][0-9]","visits":[0-9]+,"winrate":[0-9.]+,"score_lead":-?[0-9.]+,' ||
    fail "no candidates in the variation's analysis"
kill "$SSE_TREE" 2>/dev/null
req GET "/api/games/$GT"
has '"last_analysis":null' "a variation's analysis is not the game's last search"
has '"moves":["E5","C7","G7","G3","C3"],' "a variation's analysis changes no move"
req POST "/api/games/$GT/analyze" '{"node":99999}'
expect 404 "not found" "analyze an unknown node"
req POST "/api/games/$GT/analyze" "{\"node\":$QUIET,\"move\":1}"
expect 400 "bad field" "analyze a node and a move"
req POST "/api/games/$GT/analyze" '{"node":"one"}'
expect 400 "bad field" "analyze a node that is not a number"
# A copy of a variation's position: the variation is its main line, the game's own moves after
# the branch a variation of it, every node's id kept; the game itself is unchanged.
req POST "/api/games/$GT/copy" "{\"node\":$QUIET}"
expect 201 "" "copy a variation's position"
GTC=$(id_of_body)
has '"moves":["E5","C7","C3"]' "the copy's moves are the variation's"
has '"3":"A quieter move."' "the variation's comment is the copy's"
req GET "/api/games/$GTC/tree"
has "{\"id\":$QUIET,\"parent\":2,\"number\":3,\"main\":true,\"color\":\"black\",\"move\":\"C3\",\"comment\":\"A quieter move.\"}" "the variation's node on the copy's main line"
has '"number":3,"main":false,"color":"black","move":"G7","comment":"The game went on here."' "the game's continuation a variation of the copy"
has '"move":"E3","comment":"My idea <b>here</b>"}' "the copy keeps the tried moves"
req POST "/api/games/$GT/copy" '{"node":99999}'
expect 404 "not found" "copy an unknown node"
req POST "/api/games/$GT/copy" "{\"node\":$QUIET,\"move\":1}"
expect 400 "bad field" "copy a node and a move"
req DELETE "/api/games/$GTC"
# The tree is kept by the restart with the same node ids.
req GET "/api/games/$GT/tree"
cp "$BODY" "$SCRATCH/tree-before-restart"
# The tree's limits at import: a variation over the length, too many nodes, a move that does
# not replay.
LONGVAR="(;SZ[9];B[ee](;W[cc])(;W[aa]$(printf ';B[]%.0s' $(seq 1 1001))))"
import "$LONGVAR"
expect 413 "too large" "a variation too long"
has 'variations of at most 1000 nodes' "the sentence names the limit"
WIDE="(;SZ[9];B[ee](;W[cc])$(printf '(;W[aa])%.0s' $(seq 1 10001)))"
import "$WIDE"
expect 413 "too large" "too many variation nodes"
import "(;SZ[9];B[ee](;W[cc])(;W[ee]))"
expect 400 "bad sgf" "a variation move on a stone"
has 'a variation does not replay: line 1, column 23: illegal move W[ee]: occupied' "the sentence names the node"
import "(;SZ[9];B[ee](;W[cc])(;W[zz]))"
expect 400 "bad sgf" "a variation move off the board"
# A game made here has a tree too: its main line.
req GET "/api/games/$G13/tree"
expect 200 "" "the tree of a game made here"
has '"variation_nodes":0' "no variations"

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
[ "$(wc -l <"$SCRATCH/before")" -eq 24 ] || fail "not 24 games: $(wc -l <"$SCRATCH/before")"
req GET "/api/games/$GN"
has '"players":{"black":"Honinbo Shusaku","white":"<b>Gennan</b> ' "restart keeps the names"
has '"comments":{"0":"Game start","1":"A calm opening\nand a plan","3":"Main line"}' "restart keeps the comments"
req GET "/api/games/$GN/tree"
has '"variation_nodes":2' "restart keeps the variations"
import "$NAMED"
has "\"id\":\"$GN\"" "after a restart the same file is still the same game"
req GET "/api/games/$GSU"
has '"setup_stones":5,' "restart keeps the setup"
req GET "/api/games/$GT/tree"
cmp -s "$BODY" "$SCRATCH/tree-before-restart" ||
    fail "restart: another tree: $(diff "$SCRATCH/tree-before-restart" "$BODY" | head -c 600)"
has '"move":"E3","comment":"My idea <b>here</b>"}' "restart keeps a tried move and its comment"
has '"comment":"Edited root comment"' "restart keeps an edited comment"
hasnt 'Too slow.' "restart: a deleted variation stays deleted"
req GET "/api/games/$GP"
has '"phase":"play"' "restart keeps the phase"
req GET "/api/games/$G1"
has '"last_analysis":{"move_number":1,"to_move":"white","playouts":' "restart keeps the last search"
has '"ownership":[[' "restart keeps the last search's ownership"
req GET "/api/games/$GAB"
has '"engine":"ab"' "restart keeps the engine"
req GET "/api/games/$G1"
has '"engine":"mcts"' "restart keeps the default engine"
"$TENGEN" web --port 0 --data "$DATA" >"$SCRATCH/s3.out" 2>&1 && fail "a second server on one folder"
grep -q 'used by another tengen web' "$SCRATCH/s3.out" || fail "second server: $(cat "$SCRATCH/s3.out")"

# ---- a busy server: one AI thread, a queue of one: the third genmove is 429 ----
# The searches would take 1000000 playouts or 120 s: each is stopped early by "move now", undo,
# resign or delete, which answer at once.
slow=()
for k in 1 2 3; do
    req POST /api/games '{"size":9,"playouts":1000000,"seconds":120}'
    slow+=("$(id_of_body)")
    req POST "/api/games/${slow[$((k - 1))]}/play" '{"move":"E5"}'
done
# wait_status TEXT WHAT: until GET /api/status holds TEXT (at most 10 s).
wait_status() {
    for _ in $(seq 1 200); do
        req GET /api/status
        grep -qF -- "$1" "$BODY" && return 0
        sleep 0.05
    done
    fail "$2: $(cat "$BODY")"
}
curl -s -o "$SCRATCH/slow1" -X POST "$URL/api/games/${slow[0]}/genmove" &
B1=$!
wait_status '"searching":1,"queued":0' "the first genmove searches"
curl -s -o "$SCRATCH/slow2" -w '%{http_code}' -X POST "$URL/api/games/${slow[1]}/genmove" \
    >"$SCRATCH/slow2.status" &
B2=$!
wait_status '"searching":1,"queued":1' "status while busy"
req POST "/api/games/${slow[2]}/genmove"
expect 429 busy "genmove beyond the queue"
req POST "/api/games/${slow[1]}/play" '{"move":"D4"}'
expect 409 "ai thinking" "play while queued"
req POST "/api/games/${slow[0]}/genmove"
expect 409 "ai thinking" "genmove while thinking"
req GET "/api/games/${slow[0]}"
has '"ai_thinking":true' "thinking game"

# Undo of a genmove still in the queue: taken out of it, nothing played; its genmove answers
# with the state after the undo. The search of the other game goes on.
req POST "/api/games/${slow[1]}/undo"
expect 200 "" "undo while queued"
has '"move_number":0' "undo while queued"
has '"ai_thinking":false' "undo while queued"
wait "$B2"
[ "$(cat "$SCRATCH/slow2.status")" = 200 ] && grep -q '"move_number":0' "$SCRATCH/slow2" ||
    fail "the genmove taken out of the queue: $(head -c 200 "$SCRATCH/slow2")"
wait_status '"searching":1,"queued":0' "the first search goes on"

# Move now: the search ends early with a move (well before its limits), and the waiting
# genmove answers with it too.
req POST "/api/games/${slow[0]}/stop"
expect 200 "" "move now"
has '"move_number":2' "move now"
has '"ai_thinking":false' "move now"
# ai_move_stat NAME: a number of the last answer's ai_move.
ai_move_stat() {
    grep -o '"ai_move":{[^}]*}' "$BODY" | sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"
}
playouts=$(ai_move_stat playouts)
seconds=$(ai_move_stat seconds)
awk -v p="$playouts" -v s="$seconds" 'BEGIN { exit !(p > 0 && p < 1000000 && s < 60) }' ||
    fail "move now: the search was not stopped early ($playouts playouts, $seconds s)"
wait "$B1"
grep -q '"move_number":2' "$SCRATCH/slow1" || fail "genmove stopped: $(head -c 200 "$SCRATCH/slow1")"
req POST "/api/games/${slow[0]}/stop"
expect 200 "" "move now when the AI is not thinking"
has '"move_number":2' "move now when the AI is not thinking"
req POST /api/games/nosuchgame/stop
expect 404 "not found" "move now in an unknown game"
req GET "/api/games/${slow[0]}/stop"
expect 405 method "GET stop"

# Undo while the AI searches: it stops, and the human's move and the AI's are taken back.
for m in D4 F6 C3; do # the AI may have taken one of them
    req POST "/api/games/${slow[0]}/play" "{\"move\":\"$m\"}"
    [ "$status" = 200 ] && break
done
curl -s -o "$SCRATCH/slow1" -w '%{http_code}' -X POST "$URL/api/games/${slow[0]}/genmove" \
    >"$SCRATCH/slow1.status" &
B1=$!
wait_status '"searching":1' "the AI searches again"
req POST "/api/games/${slow[0]}/undo"
expect 200 "" "undo while thinking"
has '"move_number":2' "undo while thinking"
has '"to_move":"black","phase"' "undo while thinking"
wait "$B1"
[ "$(cat "$SCRATCH/slow1.status")" = 200 ] || fail "genmove ended by undo: $(cat "$SCRATCH/slow1.status")"

# Resign while the AI searches: it plays its move now, then the human resigns.
req POST "/api/games/${slow[1]}/play" '{"move":"E5"}'
curl -s -o /dev/null -X POST "$URL/api/games/${slow[1]}/genmove" &
B2=$!
wait_status '"searching":1' "the AI searches for the resignation"
req POST "/api/games/${slow[1]}/resign"
expect 200 "" "resign while thinking"
has '"move_number":2' "resign while thinking: the AI's move is played"
has '"result":"W+R"' "resign while thinking"
wait "$B2"

# Undo before the human has moved (the AI opens as Black): refused at once, the search goes on.
req POST /api/games '{"size":9,"playouts":1000000,"seconds":120,"human":"white"}'
GWH=$(id_of_body)
curl -s -o /dev/null -X POST "$URL/api/games/$GWH/genmove" &
B4=$!
wait_status '"searching":1' "the AI opens"
req POST "/api/games/$GWH/undo"
expect 409 "nothing to undo" "undo while the AI opens"
req GET "/api/games/$GWH"
has '"ai_thinking":true' "the opening search goes on after a refused undo"
req POST "/api/games/$GWH/stop"
expect 200 "" "move now for the opening"
has '"move_number":1' "move now for the opening"
wait "$B4"

# DELETE while the AI thinks: the waiting genmove answers 404, the game is gone.
curl -s -o "$SCRATCH/slow3" -w '%{http_code}' -X POST "$URL/api/games/${slow[2]}/genmove" \
    >"$SCRATCH/slow3.status" &
B3=$!
wait_status '"searching":1' "the AI searches before the delete"
req DELETE "/api/games/${slow[2]}"
expect 200 "" "delete while thinking"
wait "$B3"
[ "$(cat "$SCRATCH/slow3.status")" = 404 ] || fail "genmove of a deleted game: $(cat "$SCRATCH/slow3.status")"
[ -f "$DATA/${slow[2]}.sgf" ] && fail "game deleted while thinking came back"
stop_server

# ---- hostile imports: setup nodes that once cost a board copy each ----
# "(;" + ";AE[aa]" x N + ")" for N = 20,000, 100,000 (700 KB) and 300,000 (2.1 MB): a clear 413,
# fast, from a server whose address space is limited to sgf.h's bound for the largest body (80
# bytes per byte of 1 MiB) plus 512 MB for the server itself (about 170 MB before any request).
# Before, one 980 KB import answered 201 after 4 s and left the server holding 2.35 GB. A game
# under the limit of 10,000 entries imports at once. An ASan binary runs without the limit.
if grep -qa __asan_init "$TENGEN"; then
    LIMIT_KB=
else
    LIMIT_KB=$((80 * 1024 + 512 * 1024))
fi
DATA=$SCRATCH/data_hostile
start_server hostile
# import_nodes N: POST an import of N setup nodes from a file (too long for an argument).
import_nodes() {
    awk -v n="$1" 'BEGIN { printf "{\"sgf\":\"(;"; for (i = 0; i < n; i++) printf ";AE[aa]";
                           print ")\"}" }' >"$SCRATCH/hostile.json"
    status=$(curl -s -o "$BODY" -w '%{http_code}' -X POST -H "$JSON" \
        --data-binary @"$SCRATCH/hostile.json" "$URL/api/games")
}
for n in 20000 100000; do
    start=$SECONDS
    import_nodes "$n"
    expect 413 "too large" "import of $n setup nodes"
    has "most 10000" "import of $n setup nodes: the limit named"
    [ $((SECONDS - start)) -le 10 ] || fail "import of $n setup nodes took $((SECONDS - start)) s"
done
import_nodes 300000
expect 413 "too large" "import of 300000 setup nodes (2.1 MB)"
import_nodes 9000
expect 201 "" "import of 9000 setup nodes"
GH=$(id_of_body)
req GET "/api/games/$GH"
expect 200 "" "state of 9000 setup nodes"
req DELETE "/api/games/$GH"
expect 200 "" "delete of 9000 setup nodes"
peak=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$PID/status" 2>/dev/null)
if [ -n "$LIMIT_KB" ] && [ -n "$peak" ] && [ "$peak" -gt $((256 * 1024)) ]; then
    fail "the server's peak memory after the hostile imports is $((peak / 1024)) MB"
fi
stop_server
LIMIT_KB=

# ---- game review: POST/DELETE .../review, review events, the SGF properties, a restart ----
DATA=$SCRATCH/data_review
start_server review --threads 1 --queue 4
# A 9x9 game of 21 moves that ends with two passes (so in the scoring phase).
REVIEWED='(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gc];W[cg];B[gg];W[ec];B[dd];W[dc];B[ed];W[fc];B[gd]'
REVIEWED+=';W[ce];B[de];W[cd];B[df];W[eg];B[dg];W[ch];B[fh];W[];B[])'
import "$REVIEWED"
expect 201 "" "import the game to review"
GR=$(id_of_body)
has '"reviewing":false,"review":null' "no review before one"
req POST /api/games/nosuchgame/review '{"playouts":200}'
expect 404 "not found" "review an unknown game"
for bad in '{"playouts":5}' '{"playouts":100001}' '{"playouts":200.5}' '{"playouts":"many"}'; do
    req POST "/api/games/$GR/review" "$bad"
    expect 400 "bad field" "review with $bad"
done
req POST "/api/games/$GR/review" '{"playouts":'
expect 400 "bad json" "review with broken JSON"
status=$(curl -s -D "$SCRATCH/headers" -o "$BODY" -w '%{http_code}' -X PUT "$URL/api/games/$GR/review")
[ "$status" = 405 ] && grep -qi '^Allow: POST, DELETE' "$SCRATCH/headers" || fail "PUT review: $status"
req POST /api/games '{"size":9}'
GR0=$(id_of_body)
req POST "/api/games/$GR0/review"
expect 409 "no moves" "review a game without moves"
req DELETE "/api/games/$GR0/review"
expect 200 "" "cancel no review"
has '"reviewing":false' "cancel no review: nothing runs"

# wait_review ID: until the game's review has ended (at most 120 s).
wait_review() {
    for _ in $(seq 1 1200); do
        req GET "/api/games/$1"
        grep -q '"reviewing":false' "$BODY" && return 0
        sleep 0.1
    done
    fail "the review of $1 did not end"
}
curl -s -N --max-time 120 "$URL/api/games/$GR/analysis" >"$SCRATCH/sse-review" &
SSE=$!
wait_for "$SCRATCH/sse-review" "event: state" || fail "the review's stream sent nothing"
req POST "/api/games/$GR/review" '{"playouts":200}'
expect 200 "" "review a finished game"
has '"reviewing":true' "the state says a review runs"
has '"review":{"running":true,"playouts":200,' "the state has the review"
wait_review "$GR"
has '"review":{"running":false,"playouts":200,' "the finished review"
has '"done":22,"total":22' "every position reviewed"
has '"positions":[{"winrate":' "the empty board's position"
has '"points_lost":' "the moves' points lost"
has '"winrate_lost":' "the moves' win rate lost"
[ "$(grep -o '"best":"[A-J0-9a-s]*","visits":[0-9]*' "$BODY" | wc -l)" = 22 ] ||
    fail "not 22 best moves: $(head -c 600 "$BODY")"
POSITIONS=$(grep -o '"positions":\[[^]]*\]' "$BODY")
wait_for "$SCRATCH/sse-review" '"done":22' || fail "no review event of the last position"
kill "$SSE" 2>/dev/null
wait "$SSE" 2>/dev/null
grep -q '^event: review$' "$SCRATCH/sse-review" || fail "no review event"
# The stream sends the review's latest progress when it wakes, so a slow machine may skip some.
grep -A1 '^event: review$' "$SCRATCH/sse-review" | grep -qE '"done":([1-9]|1[0-9]|2[01]),"total":22' ||
    fail "no review event between the first and the last position"
req GET "/api/games/$GR/sgf"
for p in 'XRP[200]' ';B[ee]XWR[' 'XSL[' 'XBM[' 'XBV['; do has "$p" "the download has $p"; done
[ "$(grep -o 'XWR\[' "$BODY" | wc -l)" = 22 ] || fail "not 22 XWR in the SGF"
cp "$BODY" "$SCRATCH/reviewed.sgf"
# The download imported again (as a new game) keeps its review.
SGF_TEXT=$(sed 's/\\/\\\\/g; s/"/\\"/g' "$SCRATCH/reviewed.sgf" | tr -d '\n')
import "$SGF_TEXT" ',"duplicate":true'
expect 201 "" "import the reviewed download"
GR2=$(id_of_body)
has "$POSITIONS" "the imported download keeps the review"
has '"review":{"running":false,"playouts":200,' "the imported download keeps the playouts"

# Cancel midway: a slow review is refused a second review and an analysis, and the page's stop of
# an analysis leaves it running; DELETE ends it with the positions done so far kept.
req POST "/api/games/$GR2/review" '{"playouts":30000}'
expect 200 "" "a slow review"
req POST "/api/games/$GR2/review" '{"playouts":200}'
expect 409 "reviewing" "review while one runs"
req POST "/api/games/$GR2/analyze" '{"move":3}'
expect 409 "reviewing" "analyze while a review runs"
req DELETE "/api/games/$GR2/analyze"
expect 200 "" "stop no analysis while a review runs"
has '"reviewing":true' "stopping no analysis leaves the review running"
for _ in $(seq 1 600); do
    req GET "/api/games/$GR2"
    grep -q '"done":0,' "$BODY" || break
    sleep 0.1
done
has '"review":{"running":true,"playouts":30000,' "progress while the review runs"
req DELETE "/api/games/$GR2/review"
expect 200 "" "cancel a review midway"
has '"reviewing":false' "the review was cancelled"
done_now=$(sed -n 's/.*"done":\([0-9]*\),"total":22.*/\1/p' "$BODY")
[ -n "$done_now" ] && [ "$done_now" -ge 1 ] && [ "$done_now" -lt 22 ] ||
    fail "a cancelled review kept $done_now positions: $(head -c 300 "$BODY")"
has '"winrate":' "a cancelled review keeps its positions"
# Deleting the game ends a review; so does stopping the server (it must exit cleanly).
req POST "/api/games/$GR2/review" '{"playouts":30000}'
expect 200 "" "a review to delete"
req DELETE "/api/games/$GR2"
expect 200 "" "delete during a review"
req POST "/api/games/$GR/review" '{"playouts":30000}'
expect 200 "" "a review the server stops"
stop_server
start_server review2 --threads 1
req GET "/api/games/$GR"
# The review stopped by the server kept what it found; the first one is gone with it.
has '"reviewing":false' "after a restart no review runs"
req DELETE "/api/games/$GR"
import "$(sed 's/\\/\\\\/g; s/"/\\"/g' "$SCRATCH/reviewed.sgf" | tr -d '\n')" ',"duplicate":true'
GR3=$(id_of_body)
stop_server
start_server review3 --threads 1
req GET "/api/games/$GR3"
has "$POSITIONS" "a restart keeps the review"
stop_server

# ---- clocks: the `clock` field, tengen's time charged, a loss on time without a move, a restart ----
start_server clock --threads 2
for bad in '{"clock":5}' '{"clock":"byoyomi"}' '{"clock":{}}' '{"clock":{"type":"hourglass"}}' \
    '{"clock":{"type":"absolute"}}' '{"clock":{"type":"absolute","main":0}}' \
    '{"clock":{"type":"absolute","main":"600"}}' '{"clock":{"type":"absolute","main":100000}}' \
    '{"clock":{"type":"byoyomi","main":600,"period":30}}' \
    '{"clock":{"type":"byoyomi","main":600,"periods":0,"period":30}}' \
    '{"clock":{"type":"byoyomi","main":600,"periods":2.5,"period":30}}' \
    '{"clock":{"type":"byoyomi","main":-1,"periods":5,"period":30}}' \
    '{"clock":{"type":"byoyomi","main":600,"periods":5,"period":0.5}}' \
    '{"clock":{"type":"canadian","main":600,"period":300}}' \
    '{"clock":{"type":"fischer","main":300}}' '{"clock":{"type":"fischer","main":300,"increment":-5}}'; do
    req POST /api/games "$bad"
    expect 400 "bad field" "bad clock $bad"
    has '"error":"clock' "the sentence names the clock's field ($bad)"
done
for none in '{"size":5,"clock":null}' '{"size":5,"clock":{"type":"none"}}'; do
    req POST /api/games "$none"
    expect 201 "" "no clock: $none"
    has '"clock":null' "no clock: $none"
done
# Two clocks that run out while nobody moves: absolute 2 s, watched only by the event stream (its
# own timer ends the game), and byo-yomi 0 + 2 x 1 s, asked for with GET.
req POST /api/games '{"size":5,"clock":{"type":"absolute","main":2}}'
expect 201 "" "a 2 s game"
has '"running":"black"' "the human's clock runs from the start"
GT=$(id_of_body)
curl -sN "$URL/api/games/$GT/analysis" >"$SCRATCH/sse-clock" 2>/dev/null &
SSE=$!
req POST /api/games '{"size":5,"clock":{"type":"byoyomi","main":0,"periods":2,"period":1}}'
expect 201 "" "a byo-yomi game"
GY=$(id_of_body)
# Meanwhile tengen's genmove is charged to its clock, and earns its Fischer increment.
req POST /api/games '{"size":5,"human":"white","playouts":1000,"clock":{"type":"fischer","main":30,"increment":5}}'
expect 201 "" "a Fischer game"
has '"running":null' "no clock runs before tengen is asked to move"
GF=$(id_of_body)
req POST "/api/games/$GF/genmove"
expect 200 "" "genmove on a clock"
ai_seconds=$(sed -n 's/.*"ai_move":{[^}]*"seconds":\([0-9.]*\)}.*/\1/p' "$BODY")
black_left=$(sed -n 's/.*"black":{"main":\([0-9.]*\),.*/\1/p' "$BODY")
awk -v t="$ai_seconds" -v b="$black_left" 'BEGIN { exit !(t > 0 && b > 34 - t && b < 35.01 - t) }' ||
    fail "tengen's $ai_seconds s not charged: Black has $black_left s of 30 + 5"
has '"running":"white"' "the human's clock runs after tengen's move"
wait_for "$SCRATCH/sse-clock" '"result":"W+T"' || fail "the stream did not show the loss on time"
kill "$SSE" 2>/dev/null
wait "$SSE" 2>/dev/null
grep -q '"end":"time"' "$SCRATCH/sse-clock" || fail "the stream's state has no end on time"
for _ in $(seq 1 50); do
    req GET "/api/games/$GY"
    grep -q '"phase":"over"' "$BODY" && break
    sleep 0.1
done
has '"result":"W+T"' "byo-yomi periods run out"
has '"flagged":"black"' "the clock that ran out"
req GET "/api/games/$GT"
for f in '"phase":"over"' '"end":"time"' '"result":"W+T"' '"result_text":"White wins on time."' \
    '"black":{"main":0,"left":0}' '"running":null,"flagged":"black"'; do
    has "$f" "lost on time"
done
req POST "/api/games/$GT/play" '{"move":"C3"}'
expect 409 "game over" "a move after the loss on time"
req POST "/api/games/$GT/undo"
expect 409 "game over" "undo of a loss on time"
req GET "/api/games/$GT/sgf"
has 'RE[W+T]' "the SGF's result on time"
has 'TM[2]' "the SGF's main time"
req GET "/api/games/$GF/sgf"
has 'TM[30]OT[Fischer 5 s]' "the SGF's time control"
has ';B[' "tengen's move in the SGF"
grep -q ';B\[[a-e][a-e]\]BL\[3[0-9.]*\]' "$BODY" || fail "no BL after tengen's move: $(head -c 300 "$BODY")"
# A running clock stops with the server and runs again from the next request, as it was.
req POST /api/games '{"size":5,"clock":{"type":"absolute","main":60}}'
GR60=$(id_of_body)
sleep 0.3
req GET "/api/games/$GF"
fischer=$(grep -o '"clock":{.*"flagged":null}' "$BODY" | sed 's/"white":{[^}]*}//; s/"running":"white"//')
req GET "/api/games/$GR60"
before=$(sed -n 's/.*"black":{"main":\([0-9.]*\),.*/\1/p' "$BODY")
t0=$(date +%s.%N)
stop_server
# Charged: the time until the server stopped, not the second it is down nor its start.
stopping=$(awk -v t="$(date +%s.%N)" -v t0="$t0" 'BEGIN { print t - t0 }')
sleep 1
start_server clock2 --threads 1
req GET "/api/games/$GR60"
after=$(sed -n 's/.*"black":{"main":\([0-9.]*\),.*/\1/p' "$BODY")
awk -v a="$after" -v b="$before" -v s="$stopping" 'BEGIN { exit !(a <= b && a > b - s - 0.3) }' ||
    fail "a restart changed the clock: $before s before, $after s after ($stopping s to stop)"
has '"running":"black"' "the clock runs again after a restart"
req GET "/api/games/$GF"
fischer_after=$(grep -o '"clock":{.*"flagged":null}' "$BODY" | sed 's/"white":{[^}]*}//; s/"running":"white"//')
[ "$fischer_after" = "$fischer" ] || fail "a restart changed tengen's clock: $fischer, then $fischer_after"
req GET "/api/games/$GT"
has '"result":"W+T"' "a restart keeps the loss on time"
stop_server

if [ "$failures" -gt 0 ]; then
    echo "web_api: $failures failure(s)"
    exit 1
fi
echo "web_api: ok"
