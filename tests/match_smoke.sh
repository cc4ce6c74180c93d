#!/usr/bin/env bash
# match_smoke.sh - `tengen match` end to end: short matches on 5x5 between GNU Go (when installed),
# `tengen gtp` (when it answers genmove) and a fake engine written here, with misbehaving engines
# (illegal moves, crashes, garbage, a 2 MB answer line, a hang), SPRT early stop, openings, the
# SGF files (each must load in `tengen gtp`), the summary line, and command-line errors.
#
# usage: bash tests/match_smoke.sh path/to/tengen   (from the source root; CTest does this)
set -u
source "$(dirname "$0")/common.bash"
test_start match_smoke tests/match_smoke.sh "$@"
failures=0
passes=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
pass() {
    passes=$((passes + 1))
}

# ---- the fake engine: GTP through `tengen gtp` (a coprocess), genmove by MODE ----
# random: a uniformly random legal move (a pass now and then after move 10); illegal: the point
# of a stone already on the board whenever there is one; crash: exits at genmove; garbage: answers
# a word that is no move; huge: answers a 2 MB line; hang: sleeps at genmove; mute: exits at once.
FAKE="$SCRATCH/fake_engine.sh"
cat >"$FAKE" <<'FAKE_EOF'
#!/usr/bin/env bash
mode=$1
tengen=$2
RANDOM=${3:-7}
set -f
[ "$mode" = mute ] && exit 0
coproc T { "$tengen" gtp 2>/dev/null; }
ask() {
    printf '%s\n' "$1" >&"${T[1]}"
    ans=""
    local l
    while IFS= read -r l <&"${T[0]}"; do
        [ -z "$l" ] && break
        ans+="$l"$'\n'
    done
}
moves=0
while IFS= read -r line; do
    line=${line%$'\r'}
    # shellcheck disable=SC2086 # split the command into words
    set -- $line
    case ${1:-} in
    name) printf '= fake-%s\n\n' "$mode" ;;
    version) printf '= 1\n\n' ;;
    quit) printf '=\n\n'; exit 0 ;;
    genmove)
        case $mode in
        crash) exit 3 ;;
        garbage) printf '= xyzzy\n\n'; continue ;;
        hang) sleep 100 ;;
        huge) head -c 2000000 /dev/zero | tr '\0' x; printf '\n\n'; continue ;;
        illegal)
            ask "list_stones black"; stones=(${ans#=})
            ask "list_stones white"; stones+=(${ans#=})
            if [ ${#stones[@]} -gt 0 ]; then printf '= %s\n\n' "${stones[0]}"; continue; fi ;;
        esac
        ask "all_legal $2"
        legal=(${ans#=})
        moves=$((moves + 1))
        if [ ${#legal[@]} -eq 0 ] || { [ $moves -gt 10 ] && [ $((RANDOM % 8)) -eq 0 ]; }; then
            v=pass
        else
            v=${legal[RANDOM % ${#legal[@]}]}
        fi
        ask "play $2 $v"
        printf '= %s\n\n' "$v" ;;
    *)
        ask "$line"
        printf '%s\n' "$ans" ;;
    esac
done
FAKE_EOF

fake() {
    echo "bash $FAKE $1 $TENGEN ${2:-7}"
}

# run NAME EXPECTED_STATUS ARGS...: run tengen match with output in $SCRATCH/NAME.out/.err.
run() {
    local name=$1 want=$2
    shift 2
    (cd "$SCRATCH" && timeout 60 "$TENGEN" match "$@" >"$SCRATCH/$name.out" 2>"$SCRATCH/$name.err")
    local status=$?
    if [ "$status" -ne "$want" ]; then
        fail "$name: exit status $status, expected $want"
        sed -n 1,20p "$SCRATCH/$name.out" "$SCRATCH/$name.err"
        return 1
    fi
    return 0
}

# expect_summary NAME REGEX: the summary line of NAME matches an extended regex.
expect_summary() {
    local line
    line=$(grep '^summary: ' "$SCRATCH/$1.out")
    if ! [[ $line =~ $2 ]]; then
        fail "$1: summary line '$line' does not match '$2'"
        sed -n 1,30p "$SCRATCH/$1.out"
        return 1
    fi
    pass
}

# check_sgf FILE [SIZE]: loads in tengen gtp and has the match's root properties (SZ 5 unless
# SIZE says otherwise).
check_sgf() {
    local out
    out=$(printf 'loadsgf %s\n' "$1" | "$TENGEN" gtp 2>&1)
    if [ "${out:0:1}" != "=" ]; then
        fail "$1 does not load: $out"
        return
    fi
    for prop in 'PB\[' 'PW\[' 'RE\[' 'RU\[' "SZ\\[${2:-5}\\]" 'KM\['; do
        grep -q "$prop" "$1" || fail "$1: no $prop"
    done
    pass
}

SUMMARY_RE='^summary: games=([0-9]+) a_wins=([0-9]+) b_wins=([0-9]+) draws=([0-9]+) a_score=[0-9.]+ ci95=\[[0-9.]+,[0-9.]+\] elo=[-+0-9.infa]+ elo95=\[[-+0-9.infa]+,[-+0-9.infa]+\]'

# ---- command-line errors: a message and exit 2 ----
bad() {
    local name=$1
    shift
    (cd "$SCRATCH" && "$TENGEN" match "$@" >"$SCRATCH/bad.out" 2>"$SCRATCH/bad.err")
    local status=$?
    if [ $status -ne 2 ] || ! grep -q 'tengen match: ' "$SCRATCH/bad.err"; then
        fail "bad command line '$name': status $status, stderr: $(head -c 300 "$SCRATCH/bad.err")"
    else
        pass
    fi
}
R=$(fake random)
bad none
bad no-white --black "$R"
bad games0 --black "$R" --white "$R" --games 0
bad games-word --black "$R" --white "$R" --games many
bad unknown --black "$R" --white "$R" --frobnicate 3
bad size30 --black "$R" --white "$R" --size 30
bad rules --black "$R" --white "$R" --rules ing
bad sprt --black "$R" --white "$R" --sprt 0,10,0.05
bad sprt-order --black "$R" --white "$R" --sprt 10,0,0.05,0.05
bad openings-missing --black "$R" --white "$R" --openings "$SCRATCH/nonexistent"
printf 'C3 C3\n' >"$SCRATCH/illegal-openings.txt"
bad openings-illegal --black "$R" --white "$R" --size 5 --openings "$SCRATCH/illegal-openings.txt"
printf 'C3 Z9\n' >"$SCRATCH/bad-vertex.txt"
bad openings-vertex --black "$R" --white "$R" --size 5 --openings "$SCRATCH/bad-vertex.txt"
bad balanced-fixed --black "$R" --white "$R" --balanced --no-alternate
bad handicap-5x5 --black "$R" --white "$R" --size 5 --handicap 2
bad handicap-one --black "$R" --white "$R" --size 9 --handicap 1
bad empty-black --black "" --white "$R"
bad resume-no-dir --black "$R" --white "$R" --resume
if "$TENGEN" match --help | grep -q -- '--sprt'; then pass; else fail "--help lists no --sprt"; fi

# An engine that cannot start is one clear error (exit 1), not a match of forfeits.
run nostart 1 --black "$(fake mute)" --white "$R" --games 2 --size 5 &&
    { grep -q 'crashed or exited' "$SCRATCH/nostart.err" && pass ||
        fail "nostart: no clear message: $(cat "$SCRATCH/nostart.err")"; }

# ---- a real match: GNU Go (or the fake) against the fake, balanced openings, in parallel ----
if [ -x /usr/games/gnugo ]; then
    A="/usr/games/gnugo --mode gtp --level 1 --chinese-rules"
else
    A=$(fake random 11)
fi
if run main 0 --black "$A" --white "$(fake random 5)" --games 4 --size 5 --komi 0.5 \
    --parallel 2 --balanced --seed 3 --sgf-dir sgf; then
    expect_summary main "$SUMMARY_RE" && [ "${BASH_REMATCH[1]}" = 4 ] || fail "main: not 4 games"
    [ "$(grep -c '^game [0-9]/4: ' "$SCRATCH/main.out")" = 4 ] || fail "main: not 4 game lines"
    grep -q '^A won [0-9]* ([0-9]* as black, [0-9]* as white), B won' "$SCRATCH/main.out" ||
        fail "main: no wins by colour"
    grep -q '95% interval' "$SCRATCH/main.out" || fail "main: no interval"
    for i in 1 2 3 4; do
        check_sgf "$SCRATCH/sgf/game-000$i.sgf"
    done
    # Balanced openings: games 1 and 2 share their first two moves, with colours swapped.
    first=$(grep -o ';B\[..\]' "$SCRATCH/sgf/game-0001.sgf" | head -n 1)
    [ "$first" = "$(grep -o ';B\[..\]' "$SCRATCH/sgf/game-0002.sgf" | head -n 1)" ] ||
        fail "main: games 1 and 2 do not share the opening"
    pb1=$(grep -o 'PB\[[^]]*\]' "$SCRATCH/sgf/game-0001.sgf")
    pw2=$(grep -o 'PW\[[^]]*\]' "$SCRATCH/sgf/game-0002.sgf")
    [ "${pb1#PB}" = "${pw2#PW}" ] || fail "main: colours not swapped ($pb1, $pw2)"
    [ -s "$SCRATCH/sgf/A-1.log" ] || [ -f "$SCRATCH/sgf/A-1.log" ] || fail "main: no engine log"
    # --resume: the same match grown to 6 games counts the 4 files (left as they are) and plays 2.
    sum_before=$(cat "$SCRATCH"/sgf/game-000[1-4].sgf | cksum)
    if run resume 0 --black "$A" --white "$(fake random 5)" --games 6 --size 5 --komi 0.5 \
        --parallel 2 --balanced --seed 3 --sgf-dir sgf --resume; then
        expect_summary resume "$SUMMARY_RE" && [ "${BASH_REMATCH[1]}" = 6 ] ||
            fail "resume: not 6 games"
        grep -q '^match: 4 games read from sgf, 2 to play$' "$SCRATCH/resume.out" ||
            fail "resume: no line on the games read"
        [ "$(grep -c 'read from sgf/game-000[1-4].sgf' "$SCRATCH/resume.out")" = 4 ] ||
            fail "resume: the 4 games are not counted from their files"
        # The counted results are the files' results.
        for i in 1 2 3 4; do
            re=$(grep -o 'RE\[[^]]*\]' "$SCRATCH/sgf/game-000$i.sgf")
            re=${re#RE[}
            grep -q "^game $i/6: .*: ${re%]} " "$SCRATCH/resume.out" ||
                fail "resume: game $i is not counted as ${re%]}"
        done
        [ "$(cat "$SCRATCH"/sgf/game-000[1-4].sgf | cksum)" = "$sum_before" ] ||
            fail "resume: the games read were rewritten"
        check_sgf "$SCRATCH/sgf/game-0006.sgf"
    fi
    # Another match's files are never counted nor overwritten: other engines stop it (exit 1).
    sum_before=$(cat "$SCRATCH"/sgf/game-000[1-6].sgf | cksum)
    run resume-other 1 --black "$(fake random 12)" --white "$(fake random 5)" --games 6 --size 5 \
        --komi 0.5 --balanced --seed 3 --sgf-dir sgf --resume &&
        { grep -q 'game-0001.sgf: written by another match' "$SCRATCH/resume-other.err" && pass ||
            fail "resume-other: no clear message: $(cat "$SCRATCH/resume-other.err")"; }
    [ "$(cat "$SCRATCH"/sgf/game-000[1-6].sgf | cksum)" = "$sum_before" ] ||
        fail "resume-other: files were changed"
fi

# ---- misbehaving engines lose every game and the match goes on (restarts) ----
for mode in illegal crash garbage huge hang; do
    extra=()
    [ $mode = hang ] && extra=(--time-per-move 0.1)
    if run "bad-$mode" 0 --black "$(fake random 9)" --white "$(fake $mode)" --games 2 --size 5 \
        --parallel 2 --max-moves 60 "${extra[@]}"; then
        expect_summary "bad-$mode" "$SUMMARY_RE" &&
            { [ "${BASH_REMATCH[2]}" = 2 ] && [ "${BASH_REMATCH[3]}" = 0 ] ||
                fail "bad-$mode: the misbehaving engine did not lose both games"; }
        case $mode in
        hang) want='[BW]\+T' ;;
        *) want='[BW]\+F' ;;
        esac
        [ "$(grep -cE "^game [0-9]/2: .*: $want " "$SCRATCH/bad-$mode.out")" = 2 ] ||
            fail "bad-$mode: results are not $want: $(grep '^game' "$SCRATCH/bad-$mode.out")"
    fi
done
# A crash in every game: the engine is restarted for each one.
run crash-serial 0 --black "$(fake random)" --white "$(fake crash)" --games 3 --size 5 &&
    expect_summary crash-serial '^summary: games=3 a_wins=3 b_wins=0 '

# ---- SPRT: straight wins cross the upper bound after 6 games (ln 9 / ln(2 * 0.7597)) ----
if run sprt 0 --black "$(fake random)" --white "$(fake crash)" --games 50 --size 5 \
    --sprt 0,200,0.1,0.1; then
    expect_summary sprt '^summary: games=6 a_wins=6 b_wins=0 .* sprt=H1$'
    [ "$(grep -c '^sprt: llr ' "$SCRATCH/sprt.out")" = 6 ] || fail "sprt: not one llr line per game"
    grep -q '^sprt: H1 accepted after 6 games' "$SCRATCH/sprt.out" || fail "sprt: no decision line"
fi

# ---- an openings file: each opening twice, colours swapped, the moves in the SGF ----
printf '# two openings\nC3 B2\n\nB4 D2 pass\n' >"$SCRATCH/openings.txt"
if run openings 0 --black "$(fake random 1)" --white "$(fake random 2)" --games 4 --size 5 \
    --openings "$SCRATCH/openings.txt" --sgf-dir osgf --max-moves 40 --scoring referee; then
    expect_summary openings "$SUMMARY_RE"
    for i in 1 2; do
        grep -q ';B\[cc\]' "$SCRATCH/osgf/game-000$i.sgf" &&
            grep -q ';W\[bd\]' "$SCRATCH/osgf/game-000$i.sgf" || fail "openings: game $i lacks C3 B2"
    done
    for i in 3 4; do
        grep -q ';B\[bb\]' "$SCRATCH/osgf/game-000$i.sgf" &&
            grep -q ';B\[\]' "$SCRATCH/osgf/game-000$i.sgf" || fail "openings: game $i lacks B4 D2 pass"
    done
    for i in 1 2 3 4; do
        check_sgf "$SCRATCH/osgf/game-000$i.sgf"
    done
fi

# ---- handicap games: the stones of fixed_handicap in both engines and the SGF, white first ----
if run handicap 0 --black "$(fake random 1)" --white "$(fake random 2)" --games 2 --size 7 \
    --handicap 2 --komi 0.5 --balanced --seed 5 --sgf-dir hsgf --max-moves 30 --scoring referee; then
    expect_summary handicap "$SUMMARY_RE"
    grep -q 'handicap 2' "$SCRATCH/handicap.out" || fail "handicap: the header does not say it"
    for i in 1 2; do
        f="$SCRATCH/hsgf/game-000$i.sgf"
        grep -q 'HA\[2\]' "$f" && grep -q 'AB\[' "$f" || fail "handicap: game $i lacks HA/AB"
        # The first move node after the root is white's.
        [ "$(grep -o ';[BW]\[' "$f" | head -1)" = ';W[' ] || fail "handicap: game $i: black moved first"
        check_sgf "$f" 7
    done
    # Resumed with the same settings every game is read back; with another handicap, refused.
    run handicap-resume 0 --black "$(fake random 1)" --white "$(fake random 2)" --games 2 \
        --size 7 --handicap 2 --komi 0.5 --balanced --seed 5 --sgf-dir hsgf --max-moves 30 \
        --scoring referee --resume &&
        grep -q '^match: 2 games read from hsgf, 0 to play$' "$SCRATCH/handicap-resume.out" ||
        fail "handicap: --resume did not read both games"
    run handicap-other 1 --black "$(fake random 1)" --white "$(fake random 2)" --games 2 \
        --size 7 --handicap 3 --komi 0.5 --balanced --seed 5 --sgf-dir hsgf --max-moves 30 \
        --scoring referee --resume &&
        grep -q 'handicap' "$SCRATCH/handicap-other.err" || fail "handicap: another handicap resumed"
fi

# ---- a SIGTERM to tengen match kills its engines too (each runs in its own process group) ----
# marked_groups REGEX: the process groups of the processes whose command line matches REGEX,
# except this script's own group (which holds tengen match itself, whose arguments match too).
marked_groups() {
    local f own
    own=$(awk '{ print $5 }' /proc/$$/stat)
    for f in /proc/[0-9]*/cmdline; do
        # A process may end between the glob and the read: its file is gone then.
        if { tr '\0' ' ' <"$f"; } 2>/dev/null | grep -q -- "$1"; then
            awk '{ print $5 }' "${f%cmdline}stat" 2>/dev/null
        fi
    done | grep -vx -- "$own" | sort -u
}
group_alive() { # any process left in group $1?
    local f
    for f in /proc/[0-9]*/stat; do
        awk -v g="$1" '$5 == g && $3 != "Z" { found = 1 } END { exit !found }' "$f" 2>/dev/null &&
            return 0
    done
    return 1
}
(cd "$SCRATCH" && exec "$TENGEN" match --black "$(fake hang 31337)" --white "$(fake hang 31337)" \
    --games 2 --size 5 --time-per-move 60 >"$SCRATCH/term.out" 2>&1) &
match_pid=$!
groups=""
for _ in $(seq 100); do # both engines started (the black one then sleeps at genmove)
    groups=$(marked_groups "fake_engine.sh hang .* 3133[7]") # [7]: not grep's own command line
    [ "$(echo "$groups" | wc -w)" -ge 2 ] && break
    sleep 0.1
done
if [ "$(echo "$groups" | wc -w)" -lt 2 ]; then
    fail "sigterm: the two engines did not start: $(cat "$SCRATCH/term.out")"
    kill -KILL "$match_pid" 2>/dev/null
else
    sleep 0.5
    kill -TERM "$match_pid"
    wait "$match_pid"
    status=$?
    [ "$status" -eq 143 ] || fail "sigterm: tengen match exited with $status, not 143 (SIGTERM)"
    sleep 0.5
    left=""
    for g in $groups; do
        if group_alive "$g"; then
            left="$left $g"
            kill -KILL -- "-$g" 2>/dev/null
        fi
    done
    if [ -n "$left" ]; then fail "sigterm: engine process groups left running:$left"; else pass; fi
fi

# ---- tengen's own engine (once `tengen gtp` answers genmove) against GNU Go or the fake ----
if printf 'known_command genmove\n' | "$TENGEN" gtp 2>/dev/null | grep -q '^= true'; then
    T="$TENGEN gtp"
    if "$TENGEN" gtp --help 2>/dev/null | grep -q -- '--playouts'; then T="$T --playouts 200"; fi
    if [ -x /usr/games/gnugo ]; then
        O="/usr/games/gnugo --mode gtp --level 1 --chinese-rules"
    else
        O=$(fake random)
    fi
    run tengen 0 --black "$T" --white "$O" --games 2 --size 5 --parallel 2 \
        --max-moves 60 --time-per-move 1 --sgf-dir tsgf &&
        expect_summary tengen "$SUMMARY_RE" && check_sgf "$SCRATCH/tsgf/game-0001.sgf"
else
    echo "note: tengen gtp does not answer genmove yet; its match is skipped"
fi

echo "match_smoke: $passes passed, $failures failed"
[ $failures -eq 0 ]
