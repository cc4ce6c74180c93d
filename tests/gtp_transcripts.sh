#!/usr/bin/env bash
# gtp_transcripts.sh - GTP transcripts with golden outputs, plus generated cases (very long lines,
# empty input, seeded random bytes) and the `tengen gtp` command line.
#
# usage: bash tests/gtp_transcripts.sh path/to/tengen   (from the source root; CTest does this)
#        UPDATE=1 bash tests/gtp_transcripts.sh path/to/tengen   rewrites tests/gtp/*.out
#
# Each tests/gtp/NAME.gtp is fed to `tengen gtp` and its output must equal tests/gtp/NAME.out byte
# for byte. A line "# args: ..." (the first one) gives the command-line options (GTP ignores it as a
# comment). The engine runs in a scratch directory where fixtures/ is tests/fixtures/gtp, so a
# transcript can load fixtures/x.sgf and write files of its own. Regenerated goldens must be
# checked by hand before they are committed.
#
# The info lines of a streaming analysis (lz-analyze or kata-analyze with an interval, stopped by
# the next line) depend on the machine's speed, so they are left out of the output before it is
# compared (or written as the golden): the answer's "=id" and closing empty line stay. The info
# lines of genmove_analyze answers (which end with a "play" line) are kept. A transcript keeps its
# moves reproducible by never asking for a move or a count in a position that extends a streamed
# analysis with the same move filter (the search keeps that tree, whose size varies): a change of
# filter, board size, komi or rules in between, or a history that does not extend the analysed
# one, starts a fresh tree.
set -u
source "$(dirname "$0")/common.bash"
test_start gtp_transcripts tests/gtp "$@"
ln -s "$ROOT/tests/fixtures/gtp" "$SCRATCH/fixtures"
failures=0
passes=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# run_gtp INPUT_FILE OUTPUT_FILE [options...]: run tengen gtp in the scratch directory; returns
# its exit status.
run_gtp() {
    local input=$1 output=$2
    shift 2
    (cd "$SCRATCH" && "$TENGEN" gtp "$@" <"$input" >"$output" 2>"$SCRATCH/stderr")
}

# drop_streamed_info < OUTPUT: the output without the info (and ownership) lines of the answers
# that have no "play" line (the streaming analyses).
drop_streamed_info() {
    awk 'function flush(   i) {
             for (i = 1; i <= n; i++) if (played || buf[i] !~ /^(info|ownership) /) print buf[i]
             n = 0; played = 0
         }
         { buf[++n] = $0 }
         /^play / { played = 1 }
         /^$/ { flush() }
         END { flush() }'
}

# ---- committed transcripts ----
for input in "$ROOT"/tests/gtp/*.gtp; do
    name=$(basename "$input" .gtp)
    golden="$ROOT/tests/gtp/$name.out"
    args=$(sed -n 's/^# args: //p' "$input" | head -n 1)
    # shellcheck disable=SC2086 # the args line is split into words on purpose
    run_gtp "$input" "$SCRATCH/raw" $args
    status=$?
    drop_streamed_info <"$SCRATCH/raw" >"$SCRATCH/out"
    if [ $status -ne 0 ]; then
        fail "$name: exit status $status"
        cat "$SCRATCH/stderr"
        continue
    fi
    if [ "${UPDATE:-0}" = 1 ]; then
        cp "$SCRATCH/out" "$golden"
        echo "updated $golden"
    elif [ ! -f "$golden" ]; then
        fail "$name: no golden output $golden (run with UPDATE=1, then check it by hand)"
    elif ! diff -u "$golden" "$SCRATCH/out" >"$SCRATCH/diff"; then
        fail "$name: output differs from $golden"
        head -n 60 "$SCRATCH/diff"
    else
        passes=$((passes + 1))
    fi
done

# ---- generated cases with their expected output written here ----

# expect NAME EXPECTED_OUTPUT_TEXT [options...]: input is read from $SCRATCH/in.
expect() {
    local name=$1 expected=$2
    shift 2
    run_gtp "$SCRATCH/in" "$SCRATCH/out" "$@"
    local status=$?
    printf '%s' "$expected" >"$SCRATCH/expected"
    if [ $status -ne 0 ]; then
        fail "$name: exit status $status"
    elif ! cmp -s "$SCRATCH/expected" "$SCRATCH/out"; then
        fail "$name: unexpected output"
        diff -u "$SCRATCH/expected" "$SCRATCH/out" | head -n 30
    else
        passes=$((passes + 1))
    fi
}

# Empty input: no answer, exit 0. A last line without LF is still answered.
: >"$SCRATCH/in"
expect "empty input" ""
printf '1 name' >"$SCRATCH/in"
expect "no final newline" $'=1 tengen\n\n'
printf '\n\n   \t\r\n# only comments\n' >"$SCRATCH/in"
expect "blank and comment lines" ""

# Very long lines: an over-long command is refused (with its id); long runs of blanks and long
# comments are fine; the engine goes on answering.
x20000=$(head -c 20000 /dev/zero | tr '\0' x)
s20000=$(head -c 20000 /dev/zero | tr '\0' ' ')
{
    printf '1 known_command %s\n' "$x20000"
    printf '2%sname%s\n' "$s20000" "$s20000"
    printf '3 name # %s\n' "$x20000"
    printf '%s\n' "$x20000"
    printf '4 play b %s\n' "$(head -c 5000 /dev/zero | tr '\0' 9)"
    printf '5 protocol_version\n'
} >"$SCRATCH/in"
expect "very long lines" $'?1 line too long\n\n=2 tengen\n\n=3 tengen\n\n? line too long\n\n?4 invalid color or coordinate\n\n=5 2\n\n'

# Many words on one line.
{
    printf '6 set_free_handicap'
    for _ in $(seq 1 1500); do printf ' A1'; done
    printf '\n7 name\n'
} >"$SCRATCH/in"
expect "too many words" $'?6 too many arguments\n\n=7 tengen\n\n' --size 9

# ---- seeded random input: the engine answers every command line and exits 0 ----
# Lines mix known commands with random arguments and raw random bytes (NUL, CR, control characters,
# bytes above 127, '#', very long lines). The number of answers must equal the number of lines that
# are not empty once control characters and comments are removed. printsgf and quit are left out
# (a random file name could be anywhere; quit would end the run early).
fuzz_input() {
    awk -v seed="$1" 'BEGIN {
        srand(seed)
        n = split("protocol_version name version known_command list_commands boardsize " \
                  "clear_board komi play undo showboard fixed_handicap set_free_handicap " \
                  "loadsgf final_score list_stones is_legal all_legal kgs-rules kata-set-rules " \
                  "kata-get-rules time_settings time_left", cmds, " ")
        m = split("b w black WHITE x pass PASS A1 a1 J9 T19 Z25 I5 E5 D4 c3 0 1 2 5 9 19 25 26 " \
                  "-1 1e9 nan 7.5 chinese japanese tromp-taylor koSIMPLEscoreAREA whbN-1 " \
                  "fixtures/simple9.sgf fixtures/bad.sgf fixtures/missing.sgf # \t", args, " ")
        for (line = 0; line < 3000; line++) {
            r = rand()
            if (r < 0.55) {
                s = (rand() < 0.3 ? int(rand() * 1000) " " : "") cmds[int(rand() * n) + 1]
                k = int(rand() * 4)
                for (i = 0; i < k; i++) s = s " " args[int(rand() * m) + 1]
                if (rand() < 0.1) s = s "\r"
                printf "%s\n", s
            } else {
                len = rand() < 0.01 ? 9000 + int(rand() * 3000) : int(rand() * 80)
                for (i = 0; i < len; i++) {
                    c = int(rand() * 256)
                    if (c == 10) c = 32
                    printf "%c", c
                }
                printf "\n"
            }
        }
        # A line of play commands that fill a small board, then a count.
        printf "boardsize 5\n"
        for (i = 0; i < 200; i++) printf "play %s %c%d\n", (i % 2 ? "w" : "b"), 65 + int(rand() * 5), 1 + int(rand() * 5)
        printf "final_score\n"
    }'
}
for seed in 1 2 3; do
    fuzz_input "$seed" >"$SCRATCH/fuzz"
    # Lines the engine must answer: not empty after removing control characters and comments.
    want=$(tr -d '\000-\010\013-\037\177' <"$SCRATCH/fuzz" | sed 's/#.*//' | grep -ac '[^ 	]')
    run_gtp "$SCRATCH/fuzz" "$SCRATCH/out" --size 9
    status=$?
    got=$(grep -ac '^[=?]' "$SCRATCH/out")
    blank_pairs=$(grep -ac '^$' "$SCRATCH/out")
    if [ $status -ne 0 ]; then
        fail "fuzz seed $seed: exit status $status"
        tail -n 5 "$SCRATCH/stderr"
    elif [ "$got" -ne "$want" ] || [ "$blank_pairs" -ne "$want" ]; then
        fail "fuzz seed $seed: $want command lines, $got answers, $blank_pairs answer ends"
    else
        passes=$((passes + 1))
    fi
done

# ---- analysis lists only the moves the search visited, unless minmoves asks for more ----
# A search of a few playouts leaves most root moves unvisited: no info line may list one without
# minmoves. (tests/gtp/analysis_visits.gtp shows the padding of minmoves, by prior.)
for playouts in 1 3 20 150; do
    printf '%s\n' 'lz-genmove_analyze b 100000' 'kata-genmove_analyze w 100000 ownership true' \
        'play b pass' 'lz-genmove_analyze w 100000 avoid w e5,d4 1' \
        'kata-genmove_analyze b 100000 allow b c3,d4,e5,f6 1' >"$SCRATCH/in"
    for size in 9 19; do
        run_gtp "$SCRATCH/in" "$SCRATCH/out" --size "$size" --playouts "$playouts" --seed 2
        status=$?
        infos=$(grep -c '^info move' "$SCRATCH/out")
        if [ $status -ne 0 ]; then
            fail "visited moves ($playouts playouts, ${size}x$size): exit status $status"
        elif [ "$infos" -ne 4 ]; then
            fail "visited moves ($playouts playouts, ${size}x$size): $infos info lines, wanted 4"
        elif grep -q 'visits 0 ' "$SCRATCH/out"; then
            fail "visited moves ($playouts playouts, ${size}x$size): a move without visits listed"
            grep -o 'info move [^ ]* visits 0 ' "$SCRATCH/out" | head -n 3
        else
            passes=$((passes + 1))
        fi
    done
done

# ---- the version: one for GTP and `tengen --version`, and one Leela Zero GUIs accept ----
# Lizzie takes the GTP version for Leela Zero's: it parses the number after the first dot with
# Java's Integer.parseInt and wants at least 15 (include/tengen/version.h).
printf 'version\n' >"$SCRATCH/in"
run_gtp "$SCRATCH/in" "$SCRATCH/out"
version=$(sed -n 's/^= //p' "$SCRATCH/out")
if [ "$("$TENGEN" --version)" != "tengen $version" ]; then
    fail "version: tengen --version says '$("$TENGEN" --version)', GTP '$version'"
elif ! printf '%s\n' "$version" | awk -F. '!/^[0-9]+(\.[0-9]+)+$/ || $2 + 0 < 15 { exit 1 }'; then
    fail "version: '$version' is not MAJOR.MINOR[.PATCH] with a minor number of 15 or more"
else
    passes=$((passes + 1))
fi

# ---- streaming analysis: timed input ----
# lz-analyze and kata-analyze answer "=id" at once, write info lines at the interval asked for
# (centiseconds), and stop at the next input line, even an empty one, with the empty line that
# ends the answer; then the next command is answered. The info lines are checked for their format
# (Leela Zero's integers, KataGo's floats and ownership) but not their numbers, which depend on
# the machine's speed.
rm -f "$SCRATCH/stream"
{
    echo 'boardsize 9'
    # The timed part starts once the engine answers: loading the move model takes a while under
    # the sanitizers.
    for _ in $(seq 100); do
        grep -q '^=' "$SCRATCH/stream" 2>/dev/null && break
        sleep 0.1
    done
    echo '1 lz-analyze b 10'
    sleep 1
    echo '2 name'
    echo '3 kata-analyze w interval 10 ownership true'
    sleep 1
    echo
    sleep 0.2
    echo '4 lz-analyze b 5 maxmoves 1'
    sleep 0.5
    echo '5 kata-analyze b'
    sleep 0.2
    echo '6 quit'
} | (cd "$SCRATCH" && timeout 60 "$TENGEN" gtp >"$SCRATCH/stream" 2>"$SCRATCH/stderr")
status=$?
V='([A-HJ-T][0-9]+|pass)'
F='-?[0-9]+\.[0-9]+'
LZ="info move $V visits [0-9]+ winrate [0-9]+ prior [0-9]+ lcb [0-9]+ order [0-9]+ pv( $V)+"
KATA="info move $V visits [0-9]+ winrate $F scoreMean $F scoreStdev $F scoreLead $F prior $F lcb $F order [0-9]+ pv( $V)+"
# The answers in order, each info line replaced by the name of its format. KataGo's lines end
# with "ownership" and 81 floats (counted here: mawk has no {n} in regular expressions).
awk -v lz="^$LZ( $LZ)*\$" -v kata="^$KATA( $KATA)*\$" -v one="^$LZ\$" -v f="^$F\$" '
    function own_ok(text,    n, i, w) {
        n = split(text, w, " ")
        if (n != 81) return 0
        for (i = 1; i <= n; i++) if (w[i] !~ f || w[i] + 0 < -1 || w[i] + 0 > 1) return 0
        return 1
    }
    /^info/ {
        k = index($0, " ownership ")
        if ($0 ~ one) print "LZ1"
        else if ($0 ~ lz) print "LZ"
        else if (k > 0 && substr($0, 1, k - 1) ~ kata && own_ok(substr($0, k + 11))) print "KATA"
        else print "BAD " substr($0, 1, 80)
        next
    }
    { print }' "$SCRATCH/stream" | uniq >"$SCRATCH/stream.shape"
# LZ1 is a line of one move, which answer 4 (maxmoves 1) must have if any line (a slow build may
# write none in half a second: reports come every 1,000 playouts); elsewhere it counts as LZ.
printf '%s\n' '= ' '' '=1' 'LZ' '' '=2 tengen' '' '=3' 'KATA' '' '=4' '' '=5' '' '=6 ' '' \
    >"$SCRATCH/stream.want"
sed '/^=4$/,/^$/{/^LZ1$/d}; s/^LZ1$/LZ/' "$SCRATCH/stream.shape" | uniq >"$SCRATCH/stream.got"
if [ $status -ne 0 ]; then
    fail "streaming analysis: exit status $status"
elif ! diff -u "$SCRATCH/stream.want" "$SCRATCH/stream.got"; then
    fail "streaming analysis: unexpected answers (shape above, output below)"
    cut -c1-160 "$SCRATCH/stream" | head -n 20
else
    passes=$((passes + 1))
fi

# ---- against GNU Go 3.8, if it is installed: seeded random play, then its queries ----
# Under simple ko and no suicide (GNU Go's rules) every answer must be the same: legality of
# random moves, undo, list_stones, all_legal and is_legal.
GNUGO=${GNUGO:-/usr/games/gnugo}
if [ -x "$GNUGO" ]; then
    for seed in 11 12 13; do
        awk -v seed="$seed" 'BEGIN {
            srand(seed)
            cols = "ABCDEFGHJKLMNOPQRST"
            split("5 7 9 13", sizes, " ")
            for (g = 0; g < 8; g++) {
                n = sizes[g % 4 + 1]
                printf "boardsize %d\nclear_board\n", n
                for (i = 0; i < 150; i++) {
                    c = (i % 2) ? "w" : "b"
                    if (rand() < 0.1) c = (c == "b") ? "w" : "b"
                    v = substr(cols, int(rand() * n) + 1, 1) int(rand() * n + 1)
                    if (rand() < 0.03) v = "pass"
                    printf "play %s %s\n", c, v
                    if (rand() < 0.05) printf "undo\n"
                    if (i % 10 == 9) {
                        printf "list_stones b\nlist_stones w\nall_legal b\nall_legal w\n"
                        v = substr(cols, int(rand() * n) + 1, 1) int(rand() * n + 1)
                        printf "is_legal b %s\nis_legal w %s\n", v, v
                    }
                }
            }
            print "quit"
        }' >"$SCRATCH/vs.gtp"
        "$GNUGO" --mode gtp <"$SCRATCH/vs.gtp" >"$SCRATCH/vs.gnugo" 2>/dev/null
        run_gtp "$SCRATCH/vs.gtp" "$SCRATCH/vs.tengen" --ko simple --suicide forbid
        if ! diff "$SCRATCH/vs.gnugo" "$SCRATCH/vs.tengen" >"$SCRATCH/diff"; then
            fail "GNU Go comparison, seed $seed"
            head -n 20 "$SCRATCH/diff"
        else
            passes=$((passes + 1))
        fi
    done
else
    echo "note: $GNUGO not found, GNU Go comparison skipped"
fi

# ---- the command line of tengen gtp ----
# check_cli NAME WANTED_STATUS [options...]
check_cli() {
    local name=$1 want=$2
    shift 2
    (cd "$SCRATCH" && "$TENGEN" gtp "$@" </dev/null >"$SCRATCH/out" 2>"$SCRATCH/stderr")
    local status=$?
    if [ $status -ne "$want" ]; then
        fail "cli $name: exit status $status, wanted $want"
    elif [ "$want" = 2 ] && ! grep -q "tengen gtp:" "$SCRATCH/stderr"; then
        fail "cli $name: no error message"
    else
        passes=$((passes + 1))
    fi
}
check_cli help 0 --help
check_cli "all options" 0 --rules japanese --ko situational --suicide allow --komi -3.5 --size 13
check_cli "option=value" 0 --rules=aga --size=9
check_cli "unknown option" 2 --bogus
check_cli "stray word" 2 chinese
check_cli "missing value" 2 --komi
check_cli "bad rules" 2 --rules nonsense
check_cli "bad ko" 2 --ko superduper
check_cli "bad suicide" 2 --suicide maybe
check_cli "komi not a number" 2 --komi 7.5x
check_cli "komi out of range" 2 --komi 5000
check_cli "size too small" 2 --size 1
check_cli "size too big" 2 --size 26
check_cli "size not whole" 2 --size 9.5
if ! "$TENGEN" gtp --help | grep -q -- "--suicide"; then fail "cli help does not list --suicide"; fi

# ---- tengen play: a smoke test of the terminal game (bad input, save, end of input) ----
printf 'ai off\nhelp\nd4\nd4\nzz\nfoo bar\n\n\001\nundo\nc3\nE5\npass\npass\nscore\nsave game.sgf\nsave\n' \
    >"$SCRATCH/play.in"
(cd "$SCRATCH" && "$TENGEN" play --size 7 --komi 0.5 <"$SCRATCH/play.in" >"$SCRATCH/play.out" 2>&1)
status=$?
printf 'loadsgf game.sgf\nlist_stones b\nlist_stones w\n' >"$SCRATCH/in"
if [ $status -ne 0 ]; then
    fail "play: exit status $status"
elif ! grep -q "Illegal move d4 for White: occupied" "$SCRATCH/play.out" ||
    ! grep -q "'zz' is neither a point" "$SCRATCH/play.out" ||
    ! grep -q "Unknown command 'foo'" "$SCRATCH/play.out" ||
    ! grep -q "Game over: W+0.5" "$SCRATCH/play.out" ||
    ! grep -q "Usage: save FILE" "$SCRATCH/play.out"; then
    fail "play: missing messages"
    cat "$SCRATCH/play.out"
else
    expect "play: saved game loads" $'= black\n\n= C3\n\n= E5\n\n'
fi
(cd "$SCRATCH" && "$TENGEN" play --size 99 </dev/null >/dev/null 2>&1)
if [ $? -ne 2 ]; then fail "play: bad option should exit 2"; else passes=$((passes + 1)); fi

echo "gtp transcripts: $passes passed, $failures failed"
[ $failures -eq 0 ]
