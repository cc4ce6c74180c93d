/* gtp_engine.c - the GTP commands that need the search: genmove, reg_genmove,
 * kgs-genmove_cleanup and final_status_list. They call the engine facade (engine.h) and format its
 * answers; a one-line summary of every search goes to stderr, which controllers show as the
 * engine's log. */
#include <stdio.h>
#include <string.h>

#include "gtp/gtp_internal.h"
#include "tengen/engine.h"

static void vertex_text(const board_t *b, int p, char *buf)
{
    if (p == POINT_RESIGN) {
        strcpy(buf, "resign");
        return;
    }
    board_point_to_gtp(b, p, buf);
}

static void log_move(const gtp_t *gtp, stone_t c, const engine_move_t *mv)
{
    if (!mv->searched) return;
    char v[8];
    vertex_text(game_board(gtp_game(gtp)), mv->point, v);
    fprintf(stderr, "tengen: %s %s, win rate %.3f, %ld playouts in %.2f s (%.0f/s)\n",
            c == STONE_BLACK ? "B" : "W", v, mv->winrate, mv->playouts, mv->seconds,
            mv->seconds > 0 ? mv->playouts / mv->seconds : 0.0);
}

static gtp_result_t genmove_common(gtp_t *gtp, int argc, char **argv, bool play, bool cleanup)
{
    stone_t c;
    if (argc < 2 || !gtp_parse_color(argv[1], &c)) return gtp_error(gtp, "invalid color");
    engine_move_t mv;
    const int p = engine_genmove(gtp_engine(gtp), c, play, cleanup, &mv);
    log_move(gtp, c, &mv);
    char v[8];
    vertex_text(game_board(gtp_game(gtp)), p, v);
    gtp_printf(gtp, "%s", v);
    return GTP_SUCCESS;
}

static gtp_result_t cmd_genmove(gtp_t *gtp, int argc, char **argv)
{
    return genmove_common(gtp, argc, argv, true, false);
}

static gtp_result_t cmd_reg_genmove(gtp_t *gtp, int argc, char **argv)
{
    return genmove_common(gtp, argc, argv, false, false);
}

static gtp_result_t cmd_genmove_cleanup(gtp_t *gtp, int argc, char **argv)
{
    return genmove_common(gtp, argc, argv, true, true);
}

/* final_status_list alive|dead|seki: one string per line (GNU Go's layout), strings in the order
 * of their first stone from the top row, stones in the same order. */
static gtp_result_t cmd_final_status_list(gtp_t *gtp, int argc, char **argv)
{
    static const struct {
        const char *name;
        stone_status_t status;
    } WANTED[] = {{"alive", STATUS_ALIVE}, {"dead", STATUS_DEAD}, {"seki", STATUS_SEKI}};
    int k = -1;
    for (int i = 0; argc >= 2 && i < 3; i++)
        if (!strcmp(argv[1], WANTED[i].name)) k = i;
    if (k < 0) return gtp_error(gtp, "invalid status");
    stone_status_t status[BOARD_MAX_POINTS];
    engine_final_status(gtp_engine(gtp), status);
    const board_t *b = game_board(gtp_game(gtp));
    bool done[BOARD_MAX_POINTS] = {false};
    bool first_line = true;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            const int p = board_point(b, x, y);
            const stone_t col = board_at(b, p);
            if ((col != STONE_BLACK && col != STONE_WHITE) || status[p] != WANTED[k].status ||
                done[board_chain_head(b, p)])
                continue;
            const int head = board_chain_head(b, p);
            done[head] = true;
            gtp_printf(gtp, "%s", first_line ? "" : "\n");
            first_line = false;
            bool first = true;
            for (int yy = y; yy < b->size; yy++) {
                for (int xx = 0; xx < b->size; xx++) {
                    const int q = board_point(b, xx, yy);
                    if (board_at(b, q) != col || board_chain_head(b, q) != head) continue;
                    char v[8];
                    gtp_printf(gtp, "%s%s", first ? "" : " ", board_point_to_gtp(b, q, v));
                    first = false;
                }
            }
        }
    }
    return GTP_SUCCESS;
}

void gtp_engine_register(gtp_t *gtp)
{
    gtp_add_command(gtp, "genmove", cmd_genmove);
    gtp_add_command(gtp, "reg_genmove", cmd_reg_genmove);
    gtp_add_command(gtp, "kgs-genmove_cleanup", cmd_genmove_cleanup);
    gtp_add_command(gtp, "final_status_list", cmd_final_status_list);
}
