/* ab_static_word.h - the body of ab_static.c's analysis for one machine word, included by
 * ab_static.c once per width: AB_WORD is the mask type (uint64_t for boards up to 8x8, the
 * 128-bit ab_bits_t beyond) and AB_WORD_FN(name) names this width's copy of a function;
 * AB_WORD_HALVES is 1 when the floods should work on the two 64-bit halves of a 128-bit mask by
 * hand. The small boards of the solver keep 64-bit arithmetic; one text serves both widths.
 *
 * Not a header to include anywhere else: it defines static functions. Every function reads the
 * geometry's masks narrowed to AB_WORD (their bits above n * n are zero).
 */

static void AB_WORD_FN(from_board)(const ab_geom_t *g, const board_t *b, AB_WORD *black,
                                   AB_WORD *white)
{
    AB_WORD bl = 0, wh = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (g->n > 8) {
        /* Eight points of a row at a time: a colour byte is 1 for black and 2 for white, and
         * the multiplication gathers the low bit of each byte into the top byte. Two words
         * cover a row; what they read past its end (the border, the next row: never past the
         * board's points, from 9x9 on) is masked. The loop below took 6% of the prover's
         * instructions at the end of a 9x9 game. */
        const int n = g->n;
        const uint64_t ones = 0x0101010101010101ULL, gather = 0x0102040810204080ULL;
        const uint64_t row_mask = ((uint64_t)1 << n) - 1;
        for (int y = 0; y < n; y++) {
            const uint8_t *row = &b->color[g->point[y * n]];
            uint64_t v[2], rb = 0, rw = 0;
            memcpy(v, row, sizeof(v));
            for (int k = 0; k < 2; k++) {
                rb |= ((v[k] & ~(v[k] >> 1) & ones) * gather) >> 56 << (8 * k);
                rw |= (((v[k] >> 1) & ~v[k] & ones) * gather) >> 56 << (8 * k);
            }
            bl |= (AB_WORD)(rb & row_mask) << (y * n);
            wh |= (AB_WORD)(rw & row_mask) << (y * n);
        }
        *black = bl;
        *white = wh;
        return;
    }
#endif
    for (int i = 0; i < g->n * g->n; i++) {
        int c = b->color[g->point[i]];
        if (c == STONE_BLACK)
            bl |= (AB_WORD)1 << i;
        else if (c == STONE_WHITE)
            wh |= (AB_WORD)1 << i;
    }
    *black = bl;
    *white = wh;
}

/* The neighbours of m on a board of side n, without the mask of the board's points. Inlined
 * with a constant n where the callers switch on the size: a 128-bit shift by a variable count
 * costs about three times one by a constant. */
static inline __attribute__((always_inline)) AB_WORD
AB_WORD_FN(neighbours_unmasked)(AB_WORD m, AB_WORD not_first_col, AB_WORD not_last_col, int n)
{
    return ((m << 1) & not_first_col) | ((m >> 1) & not_last_col) | (m << n) | (m >> n);
}

static inline __attribute__((always_inline)) AB_WORD
AB_WORD_FN(flood_sized)(AB_WORD m, AB_WORD within, AB_WORD not_first_col, AB_WORD not_last_col,
                        int n)
{
#if AB_WORD_HALVES
    /* The two 64-bit halves by hand (n < 64): gcc moves 128-bit values between registers at
     * every operation, and the floods cost about a tenth more instructions that way. */
    uint64_t lo = (uint64_t)m, hi = (uint64_t)(m >> 64);
    const uint64_t w_lo = (uint64_t)within, w_hi = (uint64_t)(within >> 64);
    const uint64_t l_lo = w_lo & (uint64_t)not_first_col;
    const uint64_t l_hi = w_hi & (uint64_t)(not_first_col >> 64);
    const uint64_t r_lo = w_lo & (uint64_t)not_last_col;
    const uint64_t r_hi = w_hi & (uint64_t)(not_last_col >> 64);
    for (;;) {
        const uint64_t v_lo = (lo | lo << n | lo >> n | hi << (64 - n)) & w_lo;
        const uint64_t v_hi = (hi | hi << n | hi >> n | lo >> (64 - n)) & w_hi;
        const uint64_t n_lo = v_lo | (lo << 1 & l_lo) | ((lo >> 1 | hi << 63) & r_lo);
        const uint64_t n_hi = v_hi | ((hi << 1 | lo >> 63) & l_hi) | (hi >> 1 & r_hi);
        if (n_lo == lo && n_hi == hi) return (AB_WORD)hi << 64 | lo;
        lo = n_lo;
        hi = n_hi;
    }
#endif
    for (;;) {
        /* within holds only points of the board: it masks what the shifts push off it. */
        AB_WORD next =
            (m | AB_WORD_FN(neighbours_unmasked)(m, not_first_col, not_last_col, n)) & within;
        if (next == m) return m;
        m = next;
    }
}

static inline __attribute__((always_inline)) AB_WORD
AB_WORD_FN(neighbours)(const ab_geom_t *g, AB_WORD m)
{
    const AB_WORD nfc = (AB_WORD)g->not_first_col, nlc = (AB_WORD)g->not_last_col;
    AB_WORD r;
    switch (g->n) {
    case 9: r = AB_WORD_FN(neighbours_unmasked)(m, nfc, nlc, 9); break;
    case 10: r = AB_WORD_FN(neighbours_unmasked)(m, nfc, nlc, 10); break;
    case 11: r = AB_WORD_FN(neighbours_unmasked)(m, nfc, nlc, 11); break;
    default: r = AB_WORD_FN(neighbours_unmasked)(m, nfc, nlc, g->n); break;
    }
    return r & (AB_WORD)g->full;
}

static inline __attribute__((always_inline)) AB_WORD
AB_WORD_FN(flood)(const ab_geom_t *g, AB_WORD seed, AB_WORD within)
{
    const AB_WORD nfc = (AB_WORD)g->not_first_col, nlc = (AB_WORD)g->not_last_col;
    within &= (AB_WORD)g->full;
    const AB_WORD m = seed & within;
    switch (g->n) {
    case 9: return AB_WORD_FN(flood_sized)(m, within, nfc, nlc, 9);
    case 10: return AB_WORD_FN(flood_sized)(m, within, nfc, nlc, 10);
    case 11: return AB_WORD_FN(flood_sized)(m, within, nfc, nlc, 11);
    default: return AB_WORD_FN(flood_sized)(m, within, nfc, nlc, g->n);
    }
}

/* The connected part of `within` through `point` (one point of within), from `parts` when not
 * NULL (see ab_parts_t: a part kept there is the answer when it holds the point, lies in within
 * and none of its neighbours does, which no set it is not a connected part of satisfies). */
static AB_WORD AB_WORD_FN(part)(const ab_geom_t *g, ab_parts_t *parts, AB_WORD within,
                                AB_WORD point)
{
    if (!parts) return AB_WORD_FN(flood)(g, point, within);
    if (parts->n != g->n) {
        memset(parts, 0, sizeof(*parts));
        parts->n = g->n;
    }
    const unsigned k = parts->at[bits_lowest(point)];
    const AB_WORD kept = (AB_WORD)parts->part[k];
    if ((kept & point) && !(kept & ~within) && !((AB_WORD)parts->outside[k] & within)) return kept;
    const AB_WORD found = AB_WORD_FN(flood)(g, point, within);
    const unsigned slot = parts->next++ % AB_PARTS_SLOTS;
    parts->part[slot] = found;
    parts->outside[slot] = AB_WORD_FN(neighbours)(g, found) & ~found;
    /* Indexed by the point asked for and by its first points (all of a string; a large open
     * part is asked for by its first point). */
    parts->at[bits_lowest(point)] = (uint8_t)slot;
    uint64_t low = (uint64_t)found, high = (uint64_t)((ab_bits_t)found >> 64);
    int i = 0;
    for (; low && i < AB_PARTS_INDEXED; i++, low &= low - 1)
        parts->at[__builtin_ctzll(low)] = (uint8_t)slot;
    for (; high && i < AB_PARTS_INDEXED; i++, high &= high - 1)
        parts->at[64 + __builtin_ctzll(high)] = (uint8_t)slot;
    return found;
}

/* Benson's algorithm for the stones `mine` with `empty` the empty points: the pass-alive ones.
 * A region (a connected part of the points that are not mine) is vital to a string when it has
 * an empty point and every empty point of it is a liberty of the string. Strings with fewer than
 * two vital regions left are removed, and so are the regions next to a removed string, until
 * nothing changes. */
static AB_WORD AB_WORD_FN(benson)(const ab_geom_t *g, ab_parts_t *cache, AB_WORD mine,
                                  AB_WORD empty)
{
    const AB_WORD not_mine = (AB_WORD)g->full & ~mine;
    AB_WORD strings[AB_MAX_PARTS], regions[AB_MAX_PARTS];
    /* Only a region whose every empty point touches `mine` can be vital to a string. The others
     * never count for any string, so they are left out: one flood from the empty points out of
     * contact drops them all (most positions of a search then have fewer than the two regions a
     * pass-alive string needs, and no string is pass-alive). */
    const AB_WORD far = empty & ~AB_WORD_FN(neighbours)(g, mine);
    AB_WORD rest = not_mine & ~AB_WORD_FN(flood)(g, far, not_mine);
    int nr = 0;
    /* The parts of one point (most eyes) at once, without a flood each. */
    const AB_WORD alone = rest & ~AB_WORD_FN(neighbours)(g, rest);
    for (AB_WORD m = alone & empty; m; m &= m - 1)
        regions[nr++] = m & (~m + 1);
    rest &= ~alone;
    while (rest) {
        AB_WORD part = AB_WORD_FN(flood)(g, rest & (~rest + 1), rest);
        rest &= ~part;
        if (part & empty) regions[nr++] = part;
    }
    if (nr < 2) return 0;
    /* Only the strings next to a region can have a vital region or keep one: the others are
     * never pass-alive and no region depends on them, so they are not looked for. */
    AB_WORD around[AB_MAX_PARTS], touched = 0;
    for (int r = 0; r < nr; r++) {
        around[r] = AB_WORD_FN(neighbours)(g, regions[r]);
        touched |= around[r];
    }
    int ns = 0;
    for (AB_WORD t = touched & mine; t;) {
        strings[ns] = AB_WORD_FN(part)(g, cache, mine, t & (~t + 1));
        t &= ~strings[ns++];
    }
    uint64_t vital[AB_MAX_PARTS], adjacent[AB_MAX_PARTS]; /* per region: sets of string indices */
    AB_WORD libs[AB_MAX_PARTS];
    for (int s = 0; s < ns; s++)
        libs[s] = AB_WORD_FN(neighbours)(g, strings[s]) & empty;
    for (int r = 0; r < nr; r++) {
        AB_WORD e = regions[r] & empty;
        vital[r] = adjacent[r] = 0;
        for (int s = 0; s < ns; s++) {
            if (!(strings[s] & around[r])) continue;
            adjacent[r] |= (uint64_t)1 << s;
            if (e && !(e & ~libs[s])) vital[r] |= (uint64_t)1 << s;
        }
    }
    uint64_t alive_strings = ns == 64 ? ~(uint64_t)0 : ((uint64_t)1 << ns) - 1;
    uint64_t alive_regions = nr == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nr) - 1;
    for (;;) {
        /* The strings with a vital region left (once) and with two (twice), counted for all
         * strings at a time. */
        uint64_t once = 0, twice = 0;
        for (int r = 0; r < nr; r++) {
            if (!(alive_regions >> r & 1)) continue;
            const uint64_t v = vital[r] & alive_strings;
            twice |= once & v;
            once |= v;
        }
        const uint64_t keep = alive_strings & twice;
        uint64_t regions_left = 0;
        for (int r = 0; r < nr; r++)
            if ((alive_regions >> r & 1) && !(adjacent[r] & ~keep))
                regions_left |= (uint64_t)1 << r;
        if (keep == alive_strings && regions_left == alive_regions) break;
        alive_strings = keep;
        alive_regions = regions_left;
    }
    AB_WORD alive = 0;
    for (int s = 0; s < ns; s++)
        if (alive_strings >> s & 1) alive |= strings[s];
    return alive;
}

/* At most two points, and neighbours if two. */
static bool AB_WORD_FN(is_small_clique)(const ab_geom_t *g, AB_WORD m)
{
    if ((m & (m - 1)) == 0) return true; /* zero or one point */
    AB_WORD first = m & (~m + 1), rest = m & ~first;
    if (rest & (rest - 1)) return false; /* three or more */
    return (AB_WORD_FN(neighbours)(g, first) & rest) != 0;
}

/* A region r of c (pass-alive stones `alive`) whose only empty point e touches them, where the
 * opponent cannot play e (it would be suicide: every opponent string around e has no other
 * liberty) and all the opponent's stones of r are strings around e: c captures them all with e
 * when it likes, and the opponent cannot move in r before. Afterwards e is c's and pass-alive
 * too, and the rule above applies to what was captured. */
static bool AB_WORD_FN(is_capturable_at_one_point)(const ab_geom_t *g, AB_WORD r, AB_WORD alive,
                                                   AB_WORD opponent, AB_WORD empty)
{
    AB_WORD e = r & empty;
    if (!e || (e & (e - 1)) || !(AB_WORD_FN(neighbours)(g, alive) & e)) return false;
    AB_WORD theirs = r & opponent;
    if (!theirs || (r & ~theirs & ~e)) return false; /* only e and opponent stones in r */
    /* Every opponent string in r touches e and has no other liberty: then the strings of r
     * minus e each touch e (r minus e is the opponent stones, and r is connected through e or
     * directly), so it is enough that no opponent stone of r has an empty neighbour besides e,
     * which holds because e is the only empty point of r and r's other neighbours are alive. */
    AB_WORD around_e = AB_WORD_FN(flood)(g, AB_WORD_FN(neighbours)(g, e) & theirs, theirs);
    if (around_e != theirs) return false;
    AB_WORD after = alive | e;
    return AB_WORD_FN(is_small_clique)(g, theirs & ~AB_WORD_FN(neighbours)(g, after));
}

/* The safe regions of colour c (its pass-alive stones `alive`), given the opponent's stones and
 * pass-alive stones (which a safe region may not contain) and the empty points. *vacant gets
 * those of them that hold no opponent stone (each region is one connected part: the parts are
 * never neighbours). */
static AB_WORD AB_WORD_FN(safe_regions)(const ab_geom_t *g, AB_WORD alive, AB_WORD opponent,
                                        AB_WORD opponent_alive, AB_WORD empty, AB_WORD *vacant)
{
    *vacant = 0;
    if (!alive) return 0;
    AB_WORD touching = AB_WORD_FN(neighbours)(g, alive), safe = 0, with_interior = 0;
    /* The parts holding an opponent pass-alive stone go at once, by one flood from them. */
    const AB_WORD outside = (AB_WORD)g->full & ~alive;
    const AB_WORD candidates = outside & ~AB_WORD_FN(flood)(g, opponent_alive & outside, outside);
    /* Only the parts with an interior point need a look of their own: they are found from those
     * points. */
    for (AB_WORD rest = candidates & ~touching; rest;) {
        const AB_WORD r = AB_WORD_FN(flood)(g, rest & (~rest + 1), candidates);
        rest &= ~r;
        with_interior |= r;
        if (AB_WORD_FN(is_small_clique)(g, r & ~touching) ||
            AB_WORD_FN(is_capturable_at_one_point)(g, r, alive, opponent, empty)) {
            safe |= r;
            if (!(r & opponent)) *vacant |= r;
        }
    }
    /* The others (most of them: eyes and the like, every point next to the pass-alive stones)
     * have no interior, so they are all safe, and those without an opponent stone are vacant:
     * one flood from the opponent's stones among them tells which. */
    const AB_WORD bare = candidates & ~with_interior;
    *vacant |= bare & ~AB_WORD_FN(flood)(g, bare & opponent, bare);
    return safe | bare;
}

/* ab_static_analyse in this width. */
static void AB_WORD_FN(analyse)(const ab_geom_t *g, ab_parts_t *strings, AB_WORD black,
                                AB_WORD white, ab_static_t *out)
{
    AB_WORD empty = (AB_WORD)g->full & ~(black | white), alive[3], no_play[3] = {0, 0, 0};
    alive[STONE_BLACK] = AB_WORD_FN(benson)(g, strings, black, empty);
    alive[STONE_WHITE] = AB_WORD_FN(benson)(g, strings, white, empty);
    out->alive[STONE_EMPTY] = out->safe[STONE_EMPTY] = out->no_play[STONE_EMPTY] = 0;
    for (int c = STONE_BLACK; c <= STONE_WHITE; c++) {
        int o = 3 - c;
        AB_WORD opponent_stones = c == STONE_BLACK ? white : black;
        AB_WORD vacant;
        AB_WORD regions =
            AB_WORD_FN(safe_regions)(g, alive[c], opponent_stones, alive[o], empty, &vacant);
        out->alive[c] = alive[c];
        out->safe[c] = alive[c] | regions;
        /* Moves that cannot change anything: the opponent's inside c's safe regions (its stones
         * there are dead whatever it does and threaten nothing that c must answer), and c's own
         * inside safe regions that hold no opponent stone (filling one's own territory). c keeps
         * its moves in a safe region with opponent stones: it must capture them before the end. */
        no_play[o] |= regions & empty;
        no_play[c] |= vacant & empty;
    }
    out->no_play[STONE_BLACK] = no_play[STONE_BLACK];
    out->no_play[STONE_WHITE] = no_play[STONE_WHITE];
}
