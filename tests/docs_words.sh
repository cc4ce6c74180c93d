#!/usr/bin/env bash
# docs_words.sh - the project speaks to its users about itself: documents, comments and messages
# never mention rounds of work or task numbers, and history lives in the git log.
#
# usage: bash tests/docs_words.sh [path/to/tengen]   (the argument, which CTest passes, is unused)
#
# Looks at docs/*.md, README.md, HACKING.md, and the source files (C, headers, shell, JavaScript,
# CMake, GTP scripts and regression suites) under src/, include/, tests/, tools/, fuzz/, web/; the
# test fixtures (game records) and the fuzz corpus are data, not ours, and are skipped. Forbidden,
# case-insensitive:
#   a number after session, round, task or issue: "session 5", "sessions 3-4", "session-7",
#     "round 2", "task 4", "issue 5", "issue #12";
#   "session's", and an ordinal before session: "the third session", "5th session";
#   this/next/previous/earlier/later/last/prior/current before session or issue: "the next session",
#     "a later issue".
# Words without a number stay free: "a GTP session", "the HTTP session", "sessions stay fast".
# Prints FAIL with file:line: text for each mention; exits 1 if there is any.
set -u
cd "$(dirname "$0")/.."
export LC_ALL=C

numbered='\b(sessions?|rounds?|tasks?|issues?)[ -]#?[0-9]'
possessive="\bsession('|’)s\b"
ordinal='\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|[0-9]+(st|nd|rd|th)) sessions?\b'
relative='\b(this|next|previous|earlier|later|last|prior|current) (sessions?|issues?)\b'

files=()
for f in docs/*.md README.md HACKING.md; do
    [ -f "$f" ] && files+=("$f")
done
while IFS= read -r f; do
    files+=("$f")
done < <(find src include tests tools fuzz web \
    \( -path tests/fixtures -o -path fuzz/corpus -o -name node_modules \) -prune -o -type f \
    \( -name '*.[ch]' -o -name '*.sh' -o -name '*.bash' -o -name '*.mjs' -o -name '*.js' \
    -o -name '*.cmake' -o -name '*.gtp' -o -name '*.tst' -o -name '*.html' -o -name '*.css' \) \
    ! -path tests/docs_words.sh -print 2>/dev/null | sort)

hits=$(grep -nHiE -e "$numbered" -e "$possessive" -e "$ordinal" -e "$relative" "${files[@]}")
if [ -n "$hits" ]; then
    printf '%s\n' "$hits" | sed 's/^/FAIL: /'
    echo "docs_words: $(printf '%s\n' "$hits" | wc -l) mention(s) of rounds of work or task numbers;" \
        "say what is true now (history lives in the git log)"
    exit 1
fi
echo "docs_words ok (${#files[@]} files)"
