/* rules.c - the named rule presets and small helpers on rule parameters. What each preset sets,
 * and the sources, are in docs/rules.md. */
#include "tengen/rules.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const char *const RULES_PRESET_NAMES[] = {
    "chinese", "japanese", "korean", "aga", "new-zealand", "tromp-taylor", "atari-go", NULL,
};

typedef struct preset {
    const char *name;
    ko_rule_t ko;
    bool suicide_allowed;
    scoring_rule_t scoring;
    double komi;
    handicap_comp_t handicap_comp;
    bool seki_territory;
    int capture_goal;
} preset_t;

/* Chinese: area, superko (modelled as positional), no suicide, 7.5, white gets N per stone.
 * Japanese/Korean: territory, simple ko, no suicide, 6.5, no territory in seki.
 * AGA: area count (equivalent to its territory-with-pass-stones), situational superko, 7.5, N-1.
 * New Zealand: area, situational superko, suicide allowed, 7, no compensation.
 * Tromp-Taylor: area, positional superko, suicide allowed, 7.5, no compensation.
 * Atari Go: the first capture wins; a move without liberties is illegal unless it captures. */
static const preset_t PRESETS[] = {
    {"chinese", KO_POSITIONAL, false, SCORING_AREA, 7.5, HANDICAP_COMP_N, true, 0},
    {"japanese", KO_SIMPLE, false, SCORING_TERRITORY, 6.5, HANDICAP_COMP_NONE, false, 0},
    {"korean", KO_SIMPLE, false, SCORING_TERRITORY, 6.5, HANDICAP_COMP_NONE, false, 0},
    {"aga", KO_SITUATIONAL, false, SCORING_AREA, 7.5, HANDICAP_COMP_N_MINUS_1, true, 0},
    {"new-zealand", KO_SITUATIONAL, true, SCORING_AREA, 7.0, HANDICAP_COMP_NONE, true, 0},
    {"tromp-taylor", KO_POSITIONAL, true, SCORING_AREA, 7.5, HANDICAP_COMP_NONE, true, 0},
    {"atari-go", KO_SIMPLE, false, SCORING_AREA, 0.0, HANDICAP_COMP_NONE, true, 1},
};

/* Compare preset names ignoring case, with '_' and '-' and ' ' the same. */
static bool name_equal(const char *a, const char *b)
{
    for (;; a++, b++) {
        char ca = (char)tolower((unsigned char)*a), cb = (char)tolower((unsigned char)*b);
        if (ca == '_' || ca == ' ') ca = '-';
        if (cb == '_' || cb == ' ') cb = '-';
        if (ca != cb) return false;
        if (!ca) return true;
    }
}

bool rules_preset(rules_t *r, const char *name)
{
    static const struct {
        const char *alias, *preset;
    } ALIASES[] = {{"nz", "new-zealand"}, {"newzealand", "new-zealand"},
                   {"tt", "tromp-taylor"}, {"tromptaylor", "tromp-taylor"},
                   {"atari", "atari-go"}, {"atarigo", "atari-go"}};
    for (size_t i = 0; i < sizeof(ALIASES) / sizeof(ALIASES[0]); i++)
        if (name_equal(name, ALIASES[i].alias)) name = ALIASES[i].preset;
    for (size_t i = 0; i < sizeof(PRESETS) / sizeof(PRESETS[0]); i++) {
        const preset_t *p = &PRESETS[i];
        if (!name_equal(name, p->name)) continue;
        memset(r, 0, sizeof(*r));
        snprintf(r->name, sizeof(r->name), "%s", p->name);
        r->ko = p->ko;
        r->suicide_allowed = p->suicide_allowed;
        r->scoring = p->scoring;
        r->komi = p->komi;
        r->handicap_comp = p->handicap_comp;
        r->seki_territory = p->seki_territory;
        r->capture_goal = p->capture_goal;
        return true;
    }
    return false;
}

bool rules_parse_ko(const char *text, ko_rule_t *out)
{
    if (name_equal(text, "simple")) *out = KO_SIMPLE;
    else if (name_equal(text, "positional") || name_equal(text, "superko")) *out = KO_POSITIONAL;
    else if (name_equal(text, "situational")) *out = KO_SITUATIONAL;
    else return false;
    return true;
}

const char *rules_ko_name(ko_rule_t ko)
{
    return ko == KO_SIMPLE ? "simple" : ko == KO_POSITIONAL ? "positional" : "situational";
}

int rules_handicap_bonus(const rules_t *r, int handicap_stones)
{
    if (r->scoring != SCORING_AREA || handicap_stones < 2) return 0;
    switch (r->handicap_comp) {
    case HANDICAP_COMP_N:
        return handicap_stones;
    case HANDICAP_COMP_N_MINUS_1:
        return handicap_stones - 1;
    default:
        return 0;
    }
}

bool rules_equal(const rules_t *a, const rules_t *b)
{
    return a->ko == b->ko && a->suicide_allowed == b->suicide_allowed &&
           a->scoring == b->scoring && a->komi == b->komi &&
           a->handicap_comp == b->handicap_comp && a->seki_territory == b->seki_territory &&
           a->capture_goal == b->capture_goal;
}
