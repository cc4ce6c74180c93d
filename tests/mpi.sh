#!/usr/bin/env bash
# The distributed search (`tengen gtp --mpi`, docs/distributed.md) with three ranks on this
# machine: genmove on 9x9 and 19x19 gives a legal move; the group's root visits are the sum of the
# ranks' own visits at every search (so the ranks' games and trees stay the same); a playout limit
# counts all ranks' playouts together; GTP transcripts give their golden answers; loadsgf reads
# the file on rank 0 only and the others take the game it loaded; lz-analyze streams and stops at
# the next line; an analysis's allow reaches every rank and its scoreMean is the group's; the
# ranks do not repeat each other's simulations; `tengen web --mpi` serves from rank 0 and shares
# its searches, one at a time, and stops every rank; a rank that hangs or is killed does not hang
# rank 0; quit ends every rank; when rank 0 dies the others end the job. Without mpirun, or in a
# build without MPI, it checks only that --mpi is refused with a clear message, and says that the
# rest is skipped.
#   bash tests/mpi.sh <path to tengen>
source "$(dirname "$0")/common.bash"
test_start mpi tests/gtp "$@"
fail=0
err() {
    echo "FAIL: $*"
    fail=1
}

# Outside mpirun (or built without MPI) --mpi is an error with a message, exit status 2.
"$TENGEN" gtp --mpi </dev/null >"$SCRATCH/out" 2>"$SCRATCH/err"
status=$?
[ "$status" = 2 ] || err "--mpi outside mpirun: status $status, want 2"
grep -Eq 'tengen gtp: --mpi: (not started by mpirun|this tengen was built without MPI)' \
    "$SCRATCH/err" || err "--mpi outside mpirun: message '$(cat "$SCRATCH/err")'"
"$TENGEN" web --mpi --port 0 --data "$SCRATCH/webdata" </dev/null >/dev/null 2>"$SCRATCH/err"
status=$?
[ "$status" = 2 ] && grep -Eq 'tengen web: --mpi: (not started by mpirun|this tengen was built without MPI)' \
    "$SCRATCH/err" || err "web --mpi outside mpirun: status $status, '$(cat "$SCRATCH/err")'"
"$TENGEN" gtp --mpi-sync 50 </dev/null 2>"$SCRATCH/err"
[ $? = 2 ] && grep -q 'needs --mpi' "$SCRATCH/err" || err "--mpi-sync without --mpi accepted"
"$TENGEN" web --mpi-silence 30 </dev/null 2>"$SCRATCH/err2"
[ $? = 2 ] && grep -q 'mpi-silence needs --mpi' "$SCRATCH/err2" ||
    err "web --mpi-silence without --mpi accepted"
if grep -q 'built without MPI' "$SCRATCH/err" ||
    "$TENGEN" gtp --mpi </dev/null 2>&1 | grep -q 'built without MPI'; then
    echo "note: this tengen was built without MPI: the distributed tests are skipped"
    [ $fail = 0 ] && echo "mpi: ok (no MPI)"
    exit $fail
fi
if ! command -v mpirun >/dev/null; then
    echo "note: mpirun not found (Debian: openmpi-bin): the distributed tests are skipped"
    [ $fail = 0 ] && echo "mpi: ok (no mpirun)"
    exit $fail
fi

# In a sanitizer build, Open MPI's own leaks at exit are suppressed; the plugins it unloads leave
# stacks that only the slow unwinder can follow to its libraries.
export LSAN_OPTIONS="suppressions=$ROOT/tests/lsan_openmpi.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"

# Three ranks on one machine. The shared-memory transport's single-copy mode needs ptrace rights
# that containers often lack; the plain copy works everywhere. The model stays out: loading it
# three times costs seconds and the sharing does not depend on it.
MPIRUN=(mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none
    -np 3)
run_mpi() { # run_mpi INPUT OUT ERR [tengen gtp options...]
    local input=$1 out=$2 errf=$3
    shift 3
    (cd "$SCRATCH" && timeout 120 "${MPIRUN[@]}" "$TENGEN" gtp --mpi --model none "$@" \
        <"$input" >"$out" 2>"$errf")
}

# The group's root visits (rank 0's line) against the sum of every rank's own visits, search by
# search: prints "ok N" or the first mismatch.
check_sums() {
    awk '
        /^tengen: mpi: search [0-9]+: 3 ranks, root visits/ {
            s = $4; sub(":", "", s); total[s] = $9; own0[s] = $11; sub("\\),", "", own0[s]); n++ }
        /^tengen: mpi rank [12]: search [0-9]+: own root visits/ {
            s = $6; sub(":", "", s); others[s] += $10; seen[s]++ }
        END {
            if (n == 0) { print "no searches"; exit }
            for (s in total)
                if (seen[s] != 2 || total[s] != own0[s] + others[s]) {
                    print "search " s ": total " total[s] " != " own0[s] " + " others[s]; exit }
            print "ok " n
        }' "$1"
}

# ---- genmove on 9x9 and 19x19, summed visits, the playout limit, games kept alike ----
# White's own move is the corner A1, which no search opens with (C3, a 3-3 point, sometimes is).
cat >"$SCRATCH/moves9.gtp" <<'EOF'
1 boardsize 9
2 komi 7
3 genmove b
4 play w E5
5 undo
6 play w A1
7 genmove b
8 genmove w
9 quit
EOF
run_mpi "$SCRATCH/moves9.gtp" "$SCRATCH/out9" "$SCRATCH/err9" --size 9 --playouts 3000 ||
    err "9x9 session exited $?: $(tail -5 "$SCRATCH/err9")"
moves=$(sed -n 's/^=\([378]\) \([A-HJ][1-9]\|pass\)$/\2/p' "$SCRATCH/out9")
[ "$(echo "$moves" | wc -w)" = 3 ] || err "9x9 genmoves: $(cat "$SCRATCH/out9")"
# Legal: a process of its own accepts the same moves in the same game.
set -- $moves
printf 'boardsize 9\nplay b %s\nplay w A1\nplay b %s\nplay w %s\n' "$1" "$2" "$3" |
    "$TENGEN" gtp --model none | grep -q '^?' && err "9x9 moves $moves are not legal"
sums=$(check_sums "$SCRATCH/err9")
[ "${sums%% *}" = ok ] && [ "${sums#ok }" = 3 ] || err "9x9 root visits: $sums"
# The first search starts from an empty tree: 1,000 own playouts per rank, 3,000 in all.
grep -q '^tengen: mpi: search 1: 3 ranks, root visits 3000 (own 1000)' "$SCRATCH/err9" ||
    err "playout limit not shared: $(grep 'search 1:' "$SCRATCH/err9")"

printf '1 komi 7.5\n2 genmove b\n3 genmove w\n4 quit\n' >"$SCRATCH/moves19.gtp"
run_mpi "$SCRATCH/moves19.gtp" "$SCRATCH/out19" "$SCRATCH/err19" --size 19 --playouts 600 ||
    err "19x19 session exited $?"
moves=$(sed -n 's/^=[23] \([A-HJ-T][0-9]*\|pass\)$/\1/p' "$SCRATCH/out19")
[ "$(echo "$moves" | wc -w)" = 2 ] || err "19x19 genmoves: $(cat "$SCRATCH/out19")"
set -- $moves
printf 'play b %s\nplay w %s\n' "$1" "$2" | "$TENGEN" gtp --model none | grep -q '^?' &&
    err "19x19 moves $moves are not legal"
sums=$(check_sums "$SCRATCH/err19")
[ "${sums%% *}" = ok ] || err "19x19 root visits: $sums"

# ---- GTP transcripts without searches: the same golden answers as one process ----
ln -s "$ROOT/tests/fixtures/gtp" "$SCRATCH/fixtures"
for name in board play_undo ko queries rules handicap_free syntax; do
    input=$ROOT/tests/gtp/$name.gtp
    args=$(sed -n '1s/^# args: //p' "$input")
    # shellcheck disable=SC2086
    (cd "$SCRATCH" && timeout 120 "${MPIRUN[@]}" "$TENGEN" gtp --mpi $args <"$input" \
        >"$SCRATCH/$name.out" 2>"$SCRATCH/$name.err") || err "transcript $name exited $?"
    cmp -s "$SCRATCH/$name.out" "$ROOT/tests/gtp/$name.out" ||
        err "transcript $name differs: $(diff "$ROOT/tests/gtp/$name.out" "$SCRATCH/$name.out" | head -5)"
done

# ---- loadsgf reads the file on rank 0 only; the others take the game it loaded ----
# The file's path is relative to rank 0's working directory: the other ranks run in another one
# (an MPMD line with -wdir), where no such file exists. Had they read it themselves, they would
# search another position, which shares nothing with rank 0's tree: the sums would differ. The
# game has a handicap, a setup stone, komi and moves; a loadsgf that fails sends nothing, and the
# move number form loads the game's start.
mkdir -p "$SCRATCH/rank0_dir" "$SCRATCH/others_dir"
printf '(;GM[1]FF[4]SZ[9]KM[3.5]HA[2]AB[cc][gg]AW[ge];W[ec];B[ee];W[ce])\n' \
    >"$SCRATCH/rank0_dir/only_here.sgf"
printf '1 loadsgf only_here.sgf\n2 loadsgf missing.sgf\n3 genmove b\n4 loadsgf only_here.sgf 3\n5 genmove w\n6 quit\n' \
    >"$SCRATCH/loadsgf.gtp"
loadsgf_args=(gtp --mpi --model none --size 19 --playouts 1500)
(cd "$SCRATCH" && timeout 120 "${MPIRUN[@]:0:${#MPIRUN[@]}-2}" \
    -np 1 -wdir "$SCRATCH/rank0_dir" "$TENGEN" "${loadsgf_args[@]}" : \
    -np 2 -wdir "$SCRATCH/others_dir" "$TENGEN" "${loadsgf_args[@]}" \
    <"$SCRATCH/loadsgf.gtp" >"$SCRATCH/loadsgf.out" 2>"$SCRATCH/loadsgf.err") ||
    err "loadsgf session exited $?: $(tail -3 "$SCRATCH/loadsgf.err")"
grep -q '^=1 black$' "$SCRATCH/loadsgf.out" && grep -q '^?2 cannot load' "$SCRATCH/loadsgf.out" &&
    grep -q '^=4 white$' "$SCRATCH/loadsgf.out" ||
    err "loadsgf answers: $(head -c 300 "$SCRATCH/loadsgf.out")"
moves=$(sed -n 's/^=[35] \([A-HJ][1-9]\|pass\)$/\1/p' "$SCRATCH/loadsgf.out")
[ "$(echo "$moves" | wc -w)" = 2 ] || err "loadsgf genmoves: $(cat "$SCRATCH/loadsgf.out")"
sums=$(check_sums "$SCRATCH/loadsgf.err")
[ "${sums%% *}" = ok ] && [ "${sums#ok }" = 2 ] || err "loadsgf root visits: $sums"
grep -q 'could not be set up\|only_here' "$SCRATCH/loadsgf.err" &&
    err "loadsgf: $(grep 'could not be set up\|only_here' "$SCRATCH/loadsgf.err" | head -3)"

# ---- lz-analyze streams and stops at the next line; then a genmove of the group ----
# Every output line is stamped with the time it arrived.
mkfifo "$SCRATCH/analyze_fifo"
while IFS= read -r line; do
    printf '%s %s\n' "$(date +%s.%N)" "$line"
done <"$SCRATCH/analyze_fifo" >"$SCRATCH/analyze_out" &
reader=$!
# The analysis runs until it has written three lines, at least 3 s from its first answer
# (starting three ranks takes seconds, and more under a sanitizer).
{
    echo '1 boardsize 9'
    echo '2 lz-analyze 10'
    for _ in $(seq 1 600); do grep -q ' =2' "$SCRATCH/analyze_out" && break; sleep 0.1; done
    sleep 3
    for _ in $(seq 1 600); do
        [ "$(grep -c ' info move ' "$SCRATCH/analyze_out")" -ge 3 ] && break
        sleep 0.1
    done
    date +%s.%N >"$SCRATCH/stop_sent"
    echo '3 name'
    sleep 1
    echo '4 genmove b'
    echo '5 quit'
} | (cd "$SCRATCH" && timeout 120 "${MPIRUN[@]}" "$TENGEN" gtp --mpi --model none --size 9 \
    --playouts 1000 >"$SCRATCH/analyze_fifo" 2>"$SCRATCH/analyze_err") ||
    err "analysis session exited $?"
wait "$reader"
info=$(grep -c ' info move [A-HJ][1-9] visits [0-9]* winrate' "$SCRATCH/analyze_out")
[ "$info" -ge 3 ] || err "lz-analyze wrote $info info lines: $(head -c 300 "$SCRATCH/analyze_out")"
answered=$(sed -n 's/^\([0-9.]*\) =3 tengen$/\1/p' "$SCRATCH/analyze_out")
if [ -z "$answered" ]; then
    err "name after lz-analyze not answered: $(tail -3 "$SCRATCH/analyze_out")"
else
    delay=$(awk -v a="$answered" -v s="$(cat "$SCRATCH/stop_sent")" 'BEGIN { print a - s }')
    awk -v d="$delay" 'BEGIN { exit !(d < 2) }' || err "lz-analyze stopped ${delay} s after the line"
fi
grep -Eq '[0-9.]+ =4 [A-HJ][1-9]$' "$SCRATCH/analyze_out" || err "genmove after lz-analyze"
sums=$(check_sums "$SCRATCH/analyze_err")
[ "${sums%% *}" = ok ] && [ "${sums#ok }" = 2 ] || err "analysis root visits: $sums"

# ---- allow reaches every rank; the per-move scores are the group's ----
# kata-genmove_analyze with only E5 and D5 allowed at the root (a pass is never banned): the
# last info line (after the closing sync) lists no other move, and its visits add up to the
# group's root visits but for the few of passes too rare to be shared. Had the other ranks
# searched every move, E5 and D5 would hold a small part of their visits.
printf '1 boardsize 9\n2 kata-genmove_analyze b 1 allow b E5,D5 1\n3 quit\n' >"$SCRATCH/allow.gtp"
run_mpi "$SCRATCH/allow.gtp" "$SCRATCH/allow.out" "$SCRATCH/allow.err" --size 9 --playouts 6000 ||
    err "allow session exited $?"
grep -Eq '^play (E5|D5|pass)$' "$SCRATCH/allow.out" ||
    err "allow: move $(grep '^play' "$SCRATCH/allow.out")"
last=$(grep '^info ' "$SCRATCH/allow.out" | tail -1)
total=$(sed -n 's/^tengen: mpi: search 1: 3 ranks, root visits \([0-9]*\) .*/\1/p' "$SCRATCH/allow.err")
verdict=$(echo "$last" | awk -v total="$total" '{
        for (i = 1; i < NF; i++) {
            if ($i == "move" && $(i + 1) !~ /^(E5|D5|pass)$/) bad = bad " " $(i + 1)
            if ($i == "visits") { v = $(i + 1); sum += v }
            if ($i == "scoreMean") { means++; if ($(i + 1) < -90 || $(i + 1) > 90) bad = bad " scoreMean " $(i + 1) }
            if ($i == "scoreStdev" && v > 10 && $(i + 1) <= 0) bad = bad " scoreStdev " $(i + 1)
        }
        if (bad != "") print "not allowed:" bad
        else if (means == 0) print "no scoreMean"
        else if (total == "" || sum < 0.95 * total) print "visits " sum " of the group'"'"'s " total
        else print "ok" }')
[ "$verdict" = ok ] || err "allow: $verdict: $(echo "$last" | head -c 300)"
sums=$(check_sums "$SCRATCH/allow.err")
[ "${sums%% *}" = ok ] || err "allow root visits: $sums"

# ---- every rank plays simulations of its own ----
# The ranks share the options, the seed included. A search of 900 playouts ends before its
# first sync: had the ranks drawn the same random numbers, every move would have three times
# the visits of one rank's identical search.
printf '1 boardsize 9\n2 kata-genmove_analyze b 1\n3 quit\n' >"$SCRATCH/seeds.gtp"
run_mpi "$SCRATCH/seeds.gtp" "$SCRATCH/seeds.out" "$SCRATCH/seeds.err" --size 9 --playouts 900 ||
    err "seeds session exited $?"
grep '^info ' "$SCRATCH/seeds.out" | tail -1 |
    awk '{ for (i = 1; i < NF; i++) if ($i == "visits") { n++; if ($(i + 1) % 3) odd++ } }
        END { exit !(n >= 3 && odd > 0) }' ||
    err "the ranks searched alike: $(grep '^info ' "$SCRATCH/seeds.out" | tail -1 | head -c 300)"

# ---- faults: a rank that hangs (SIGSTOP) or dies (SIGKILL) does not hang rank 0 ----
# A session whose input comes from a fifo, so that the test acts between commands.
fault_session() { # fault_session SIGNAL [mpirun options...]
    local sig=$1
    shift
    local fifo=$SCRATCH/fault_in_$sig out=$SCRATCH/fault_$sig.out errf=$SCRATCH/fault_$sig.err
    mkfifo "$fifo"
    exec 7<>"$fifo"
    : >"$out"
    (cd "$SCRATCH" && exec timeout 120 "${MPIRUN[@]:0:${#MPIRUN[@]}-2}" "$@" -np 3 "$TENGEN" gtp \
        --mpi --model none --size 9 --time 1 <&7 >"$out" 2>"$errf") &
    local job=$!
    echo '1 genmove b' >&7
    for _ in $(seq 1 300); do grep -q '^=1' "$out" && break; sleep 0.1; done
    grep -q '^=1 ' "$out" || err "$sig: first genmove not answered"
    # Rank 2 is a child of mpirun with OMPI_COMM_WORLD_RANK=2 in its environment.
    local victim=
    for p in $(pgrep -f "$TENGEN gtp --mpi"); do
        tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=2' &&
            victim=$p
    done
    [ -n "$victim" ] || err "$sig: rank 2 not found"
    kill "-$sig" "$victim"
    local t0=$SECONDS
    echo '2 genmove w' >&7
    for _ in $(seq 1 300); do grep -q '^=2' "$out" && break; sleep 0.1; done
    grep -Eq '^=2 ([A-HJ][1-9]|pass)$' "$out" || err "$sig: genmove after the fault not answered"
    [ $((SECONDS - t0)) -le 10 ] || err "$sig: genmove took $((SECONDS - t0)) s (time limit 1 s)"
    grep -q 'did not answer within' "$errf" || err "$sig: nothing said on stderr"
    echo '3 genmove b' >&7
    echo '4 quit' >&7
    for _ in $(seq 1 300); do kill -0 "$job" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$job" 2>/dev/null; then
        err "$sig: the job did not end after quit"
        kill -CONT "$victim" 2>/dev/null
        kill "$job" 2>/dev/null
    fi
    wait "$job" 2>/dev/null
    grep -q '^=3 ' "$out" && grep -q '^=4' "$out" || err "$sig: answers after the fault: $(cat "$out")"
    exec 7>&-
}
fault_session STOP
# By default mpirun ends the job when a rank dies; --enable-recovery lets rank 0 go on.
fault_session KILL --enable-recovery

# ---- rank 0's death: the other ranks notice and end the job ----
# With --enable-recovery mpirun keeps the job when rank 0 dies. Rank 0 sends the others a
# heartbeat every second whatever it does, and a rank that hears nothing from it for
# --mpi-silence seconds (6 here, 10 by default) ends the job. A GUI silent for longer (8 s here)
# must not end it: the next genmove is still the group's. Then rank 0 is killed: the job ends
# within those 6 s and a margin, where the other ranks would wait for rank 0's next message for
# ever.
mkfifo "$SCRATCH/rank0_in"
exec 7<>"$SCRATCH/rank0_in"
: >"$SCRATCH/rank0.out"
(cd "$SCRATCH" && exec timeout 120 "${MPIRUN[@]:0:${#MPIRUN[@]}-2}" --enable-recovery -np 3 \
    "$TENGEN" gtp --mpi --mpi-silence 6 --model none --size 9 --playouts 600 <&7 \
    >"$SCRATCH/rank0.out" 2>"$SCRATCH/rank0.err") &
job=$!
echo '1 genmove b' >&7
for _ in $(seq 1 300); do grep -q '^=1' "$SCRATCH/rank0.out" && break; sleep 0.1; done
sleep 8
echo '2 genmove w' >&7
for _ in $(seq 1 300); do grep -q '^=2' "$SCRATCH/rank0.out" && break; sleep 0.1; done
grep -Eq '^=2 ([A-HJ][1-9]|pass)$' "$SCRATCH/rank0.out" ||
    err "rank 0's death: genmove after a silence: $(cat "$SCRATCH/rank0.out")"
sums=$(check_sums "$SCRATCH/rank0.err")
[ "${sums%% *}" = ok ] && [ "${sums#ok }" = 2 ] ||
    err "rank 0's death: the group after a silence: $sums; $(grep -v '^tengen: mpi' "$SCRATCH/rank0.err" | head -3)"
rank0=
for p in $(pgrep -f "$TENGEN gtp --mpi"); do
    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=0' && rank0=$p
done
if [ -z "$rank0" ]; then
    err "rank 0's death: rank 0 not found"
else
    kill -KILL "$rank0"
    t0=$SECONDS
    for _ in $(seq 1 300); do kill -0 "$job" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$job" 2>/dev/null; then
        err "rank 0's death: the job still runs $((SECONDS - t0)) s after rank 0 died"
        kill "$job" 2>/dev/null
    elif [ $((SECONDS - t0)) -gt 21 ]; then
        err "rank 0's death: the job took $((SECONDS - t0)) s to end"
    fi
    grep -q 'nothing from rank 0 for 6 s' "$SCRATCH/rank0.err" ||
        err "rank 0's death: nothing said on stderr: $(tail -3 "$SCRATCH/rank0.err")"
fi
wait "$job" 2>/dev/null
exec 7>&-

# ---- tengen web --mpi: rank 0 serves the games, every rank searches ----
# A genmove, then another game's genmove while the first game is analysed (two AI threads: the
# group takes one search at a time, so that one runs on rank 0 alone, without waiting), then
# that game's next genmove, and a handicap game's genmove; those four searches are the group's,
# with the sums of the ranks' own visits; SIGTERM to rank 0 stops the server and then every rank.
if command -v curl >/dev/null; then
    (cd "$SCRATCH" && exec timeout 120 "${MPIRUN[@]}" "$TENGEN" web --mpi --model none --port 0 \
        --threads 2 --data "$SCRATCH/webdata" >"$SCRATCH/web.out" 2>"$SCRATCH/web.err") &
    web_job=$!
    url=
    for _ in $(seq 1 300); do
        url=$(sed -n 's|.*open \(http://[^ ]*\)/ in a browser.*|\1|p' "$SCRATCH/web.out")
        [ -n "$url" ] && break
        kill -0 "$web_job" 2>/dev/null || break
        sleep 0.1
    done
    post() { # post PATH [JSON]: the answer's status, the body in $SCRATCH/web_body
        if [ $# -ge 2 ]; then
            curl -s -o "$SCRATCH/web_body" -w '%{http_code}' -X POST \
                -H 'Content-Type: application/json' --data-binary "$2" "$url$1"
        else
            curl -s -o "$SCRATCH/web_body" -w '%{http_code}' -X POST "$url$1"
        fi
    }
    if [ -z "$url" ]; then
        err "web --mpi did not start: $(cat "$SCRATCH/web.out" "$SCRATCH/web.err")"
    else
        [ "$(post /api/games '{"size":9,"playouts":3000}')" = 201 ] || err "web: new game"
        ga=$(sed -n 's/^{"id":"\([^"]*\)".*/\1/p' "$SCRATCH/web_body")
        [ "$(post "/api/games/$ga/play" '{"move":"E5"}')" = 200 ] || err "web: play"
        [ "$(post "/api/games/$ga/genmove")" = 200 ] && grep -q '"moves":\["E5","[A-J][1-9]"\]' \
            "$SCRATCH/web_body" || err "web: genmove: $(head -c 300 "$SCRATCH/web_body")"
        [ "$(post /api/games '{"size":9,"playouts":3000,"human":"white"}')" = 201 ] ||
            err "web: second game"
        gb=$(sed -n 's/^{"id":"\([^"]*\)".*/\1/p' "$SCRATCH/web_body")
        [ "$(post "/api/games/$ga/analyze")" = 200 ] || err "web: analyze"
        genmove_b=$(curl -s -o "$SCRATCH/web_body_b" -w '%{http_code}' -X POST "$url/api/games/$gb/genmove")
        [ "$genmove_b" = 200 ] && grep -q '"moves":\["[A-J][1-9]"\]' "$SCRATCH/web_body_b" ||
            err "web: genmove during an analysis: $genmove_b $(head -c 300 "$SCRATCH/web_body_b")"
        curl -s -o /dev/null -X DELETE "$url/api/games/$ga/analyze"
        move=$(sed -n 's/.*"moves":\["\([A-J][1-9]\)"\].*/\1/p' "$SCRATCH/web_body_b")
        [ "$move" = E5 ] && reply=D4 || reply=E5
        [ "$(post "/api/games/$gb/play" "{\"move\":\"$reply\"}")" = 200 ] || err "web: play in game 2"
        [ "$(post "/api/games/$gb/genmove")" = 200 ] || err "web: second genmove of game 2"
        # A handicap game: the other ranks set up its stones (the root's key is the position's,
        # so a position set up wrongly would share nothing and the sums below would differ).
        [ "$(post /api/games '{"size":9,"handicap":2,"komi":0.5,"playouts":3000}')" = 201 ] ||
            err "web: handicap game"
        gc=$(sed -n 's/^{"id":"\([^"]*\)".*/\1/p' "$SCRATCH/web_body")
        [ "$(post "/api/games/$gc/genmove")" = 200 ] || err "web: genmove in the handicap game"
        grep -q 'could not be set up' "$SCRATCH/web.err" && err "web: a position was not set up"
        # The first search starts from an empty tree: 1,000 own playouts per rank.
        grep -q '^tengen: mpi: search 1: 3 ranks, root visits 3000 (own 1000)' "$SCRATCH/web.err" ||
            err "web: the first search was not shared: $(grep 'search' "$SCRATCH/web.err" | head -3)"
        grep -q 'ranks (alone)' "$SCRATCH/web.err" && err "web: rank 0 searched alone"
        sums=$(check_sums "$SCRATCH/web.err")
        [ "${sums%% *}" = ok ] && [ "${sums#ok }" = 4 ] || err "web root visits: $sums"
        # The analysis (search 2) continues the position of the first genmove by the move played:
        # every other rank keeps its tree and starts with visits; the handicap game (search 4)
        # is set up afresh. A rank's "tree kept" line follows its line of that search.
        kept=$(awk '
            /^tengen: mpi rank [12]: search [0-9]+:/ { s = $6; sub(":", "", s); last[$4] = s }
            /^tengen: mpi rank [12]: the position continues/ {
                if ($(NF - 3) > 0) kept[$4 " " last[$4]] = 1; else kept[$4 " " last[$4]] = 0 }
            END { print (kept["1: 2"] == 1 && kept["2: 2"] == 1 && !("1: 4" in kept) &&
                         !("2: 4" in kept)) ? "ok" : "not kept" }' "$SCRATCH/web.err")
        [ "$kept" = ok ] ||
            err "web: the other ranks' trees: $(grep -E 'mpi rank [12]: (search|the position)' "$SCRATCH/web.err")"
    fi
    rank0=
    for p in $(pgrep -f "$TENGEN web --mpi"); do
        tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=0' && rank0=$p
    done
    [ -n "$rank0" ] && kill -TERM "$rank0"
    web_rc=0
    wait "$web_job" || web_rc=$?
    [ "$web_rc" = 0 ] && grep -q 'tengen web: stopping' "$SCRATCH/web.out" ||
        err "web: the job ended with status $web_rc: $(tail -3 "$SCRATCH/web.err")"
    sleep 0.5
    pgrep -f "$TENGEN web --mpi" >/dev/null && err "web: ranks left: $(pgrep -af "$TENGEN web --mpi")"
else
    echo "note: curl not found: tengen web --mpi is not tested"
fi

# ---- quit ends all ranks ----
printf '1 boardsize 9\n2 quit\n' >"$SCRATCH/quit.gtp"
run_mpi "$SCRATCH/quit.gtp" "$SCRATCH/quit.out" "$SCRATCH/quit.err" --size 9 ||
    err "quit: the job exited $?"
[ "$(grep -c '^=' "$SCRATCH/quit.out")" = 2 ] || err "quit: answers $(cat "$SCRATCH/quit.out")"
sleep 0.5
pgrep -f "$TENGEN gtp --mpi" >/dev/null && err "tengen ranks left after quit: $(pgrep -af "$TENGEN gtp --mpi")"

[ $fail = 0 ] && echo "mpi: ok"
exit $fail
