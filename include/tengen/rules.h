/* rules.h - rule parameters and the named presets (chinese, japanese, ..., atari-go).
 *
 * A rules_t is plain data; the game object (game.h) enforces it and score.h counts with it.
 * docs/rules.md says what every preset sets and why.
 */
#ifndef TENGEN_RULES_H
#define TENGEN_RULES_H

#include <stdbool.h>

typedef enum ko_rule {
    KO_SIMPLE,      /* only the immediate retake of a single-stone ko is forbidden */
    KO_POSITIONAL,  /* no move may recreate an earlier board position */
    KO_SITUATIONAL, /* no move may recreate an earlier position with the same player to move */
} ko_rule_t;

typedef enum scoring_rule {
    SCORING_AREA,      /* stones + surrounded empty points (Chinese, Tromp-Taylor) */
    SCORING_TERRITORY, /* surrounded empty points + prisoners (Japanese-like) */
} scoring_rule_t;

/* Extra points white receives under area scoring for a handicap game of N stones. */
typedef enum handicap_comp {
    HANDICAP_COMP_NONE,      /* 0 */
    HANDICAP_COMP_N,         /* N (Chinese) */
    HANDICAP_COMP_N_MINUS_1, /* N - 1 (AGA) */
} handicap_comp_t;

typedef struct rules {
    char name[24];                 /* preset name, or "custom" */
    ko_rule_t ko;
    bool suicide_allowed;          /* multi- and single-stone suicide, as Tromp-Taylor */
    scoring_rule_t scoring;
    double komi;
    handicap_comp_t handicap_comp;
    bool seki_territory;           /* territory scoring: do eyes of strings in seki count? */
    int capture_goal;              /* Atari Go: the first player to capture this many stones wins;
                                      0 for ordinary Go */
} rules_t;

/* Fill r with the named preset: "chinese", "japanese", "korean", "aga", "new-zealand",
 * "tromp-taylor", "atari-go". Case-insensitive; '_' and '-' are the same. Returns false (r
 * untouched) for an unknown name. */
bool rules_preset(rules_t *r, const char *name);
/* The names rules_preset accepts, NULL-terminated. */
extern const char *const RULES_PRESET_NAMES[];

/* Parse "simple" / "positional" / "situational" (also "superko" = positional). */
bool rules_parse_ko(const char *text, ko_rule_t *out);
const char *rules_ko_name(ko_rule_t ko);

/* Points white receives for a handicap of n stones under these rules (area scoring only). */
int rules_handicap_bonus(const rules_t *r, int handicap_stones);
/* Whether a and b play and count alike: every field but the name (a preset and a custom set
 * with the same fields are the same rules). */
bool rules_equal(const rules_t *a, const rules_t *b);

#endif
