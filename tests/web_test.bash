# web_test.bash - what the web API tests share: a failure count, starting and stopping
# `tengen web`, and requests with checks on their answers. Sourced after common.bash's test_start
# (needs TENGEN and SCRATCH; start_server needs DATA), not run.

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
BODY=$SCRATCH/body
JSON='Content-Type: application/json'
PID=
URL=

# start_server LOG OPTIONS...: a server on a free port with the data folder $DATA, its output in
# $SCRATCH/LOG.out and .err; sets PID and URL. Under an address-space limit when LIMIT_KB is set
# (ulimit -v, KiB). Exits the test if it does not start.
start_server() {
    local log=$1
    shift
    if [ -n "${LIMIT_KB:-}" ]; then
        (ulimit -v "$LIMIT_KB" && exec "$TENGEN" web --port 0 --data "$DATA" "$@") \
            >"$SCRATCH/$log.out" 2>"$SCRATCH/$log.err" &
    else
        "$TENGEN" web --port 0 --data "$DATA" "$@" >"$SCRATCH/$log.out" 2>"$SCRATCH/$log.err" &
    fi
    PID=$!
    URL=
    for _ in $(seq 1 300); do
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
    [ "$rc" = 0 ] || fail "the server exited with status $rc: $(tail -c 2000 "$SCRATCH"/*.err)"
    PID=
}

# req METHOD PATH [BODY]: sets $status, the answer is in $BODY. A body is sent as JSON.
req() {
    local method=$1 path=$2
    if [ $# -ge 3 ]; then
        status=$(curl -s -o "$BODY" -w '%{http_code}' -X "$method" -H "$JSON" --data-binary "$3" \
            "$URL$path")
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
# has TEXT WHAT: the last answer contains TEXT; hasnt TEXT WHAT: it does not.
has() {
    grep -qF -- "$1" "$BODY" || fail "$2: no $1 in $(head -c 400 "$BODY")"
}
hasnt() {
    ! grep -qF -- "$1" "$BODY" || fail "$2: unexpected $1 in $(head -c 400 "$BODY")"
}
# id_of_body: the id of the game in the last answer.
id_of_body() {
    sed -n 's/^{"id":"\([^"]*\)".*/\1/p' "$BODY"
}
