# web_server.bash - starting and stopping `tengen web` in the web tests; sourced after
# common.bash (needs TENGEN, SCRATCH, DATA and a `fail` function), not run.
#
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
