/* score.h - counting a finished game (area and territory scoring, dead stones, seki) and Benson's
 * unconditional life. Depends on the board and rules only.
 */
#ifndef TENGEN_SCORE_H
#define TENGEN_SCORE_H

#include <stdbool.h>

#include "tengen/board.h"
#include "tengen/rules.h"

/* Status of the stone on a point for counting. */
typedef enum stone_status {
    STATUS_ALIVE = 0,
    STATUS_DEAD,
    STATUS_SEKI,
} stone_status_t;

typedef struct score {
    double black, white;     /* points of each side, komi and handicap bonus included */
    double margin;           /* black - white */
    int black_area, white_area;           /* area scoring: stones + territory */
    int black_territory, white_territory; /* surrounded empty points (dead stones' points included) */
    int black_prisoners, white_prisoners; /* territory scoring: stones each side captured + dead */
    int dame;
} score_t;

/* Tromp-Taylor area count: a point is black's if black or if it is empty and reaches only black.
 * Komi and the handicap bonus of the rules are applied. */
score_t score_tromp_taylor(const board_t *b, const rules_t *r, int handicap);

/* Count with the given dead stones (dead[p] true for every dead stone; NULL = none dead) using
 * r->scoring. Territory scoring adds the captures recorded on the board and the dead stones as
 * prisoners, and (unless r->seki_territory) gives no territory in regions that touch a string in
 * seki; seki[] may mark those strings (NULL = detect: see score.c). */
score_t score_count(const board_t *b, const rules_t *r, int handicap, const bool *dead,
                    const bool *seki);

/* Result text as SGF RE writes it: "B+3.5", "W+12", "0" (jigo). */
char *score_result_string(double margin, char *buf, int len);

/* Benson's algorithm. alive[p] is set for every stone of a pass-alive string of either colour;
 * territory[p] is set to BLACK or WHITE for every point of a region that colour controls
 * unconditionally (its pass-alive territory: empty points and opponent stones enclosed by
 * pass-alive strings of that colour), STONE_EMPTY elsewhere. Arrays are BOARD_MAX_POINTS long. */
void benson_pass_alive(const board_t *b, bool *alive, stone_t *territory);

#endif
