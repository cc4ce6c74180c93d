/* gtp_dist.c - the GTP loop of a distributed search (gtp.h: gtp_run_distributed; dist.h).
 *
 * Rank 0 reads GTP and answers; every other rank keeps the same game by running rank 0's lines
 * silently. Which lines travel is the one protocol decision here: the commands whose answer or
 * search only rank 0 gives stay on rank 0 (the engine brings the others into its searches and
 * sends them the moves it plays), loadsgf runs on rank 0 alone, which sends the game it loaded
 * (the file need not exist on the other machines), and everything else, unknown commands
 * included, runs everywhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtp/gtp.h"
#include "tengen/dist.h"
#include "tengen/engine.h"
#include "tengen/game.h"

/* Searches and questions that rank 0 alone runs (its answers change no game state). */
static const char *const RANK0_ONLY[] = {"genmove",
                                         "kgs-genmove_cleanup",
                                         "reg_genmove",
                                         "lz-genmove_analyze",
                                         "kata-genmove_analyze",
                                         "lz-analyze",
                                         "kata-analyze",
                                         "final_status_list",
                                         "final_score",
                                         "showboard",
                                         "printsgf",
                                         "list_stones",
                                         "all_legal",
                                         "is_legal",
                                         "name",
                                         "version",
                                         "protocol_version",
                                         "known_command",
                                         "list_commands",
                                         "kata-get-rules",
                                         "gogui-analyze_commands",
                                         "tengen-ownership",
                                         "tengen-ownership_gfx",
                                         "tengen-winrate",
                                         "tengen-policy",
                                         NULL};

/* The command word of a raw line as the GTP loop will read it (control characters other than HT
 * dropped, '#' starts a comment, an id of up to 18 digits skipped), into name ("" if none; a
 * longer word is cut, which no command name needs). */
static void command_name(const char *line, size_t len, char *name, size_t cap)
{
    char words[2][64];
    size_t lens[2] = {0, 0};
    int w = -1;
    bool in_word = false;
    for (size_t i = 0; i < len && line[i] != '#'; i++) {
        const unsigned char ch = (unsigned char)line[i];
        if ((ch < 32 && ch != '\t') || ch == 127) continue;
        if (ch == ' ' || ch == '\t') {
            in_word = false;
            continue;
        }
        if (!in_word) {
            in_word = true;
            if (++w == 2) break;
        }
        if (lens[w] + 1 < sizeof words[w]) words[w][lens[w]++] = (char)ch;
    }
    words[0][lens[0]] = words[1][lens[1]] = 0;
    bool is_id = lens[0] > 0 && lens[0] <= 18;
    for (size_t i = 0; i < lens[0]; i++)
        is_id = is_id && words[0][i] >= '0' && words[0][i] <= '9';
    snprintf(name, cap, "%s", is_id ? words[1] : words[0]);
}

static bool is_rank0_only(const char *name)
{
    for (int i = 0; RANK0_ONLY[i]; i++)
        if (!strcmp(RANK0_ONLY[i], name)) return true;
    return false;
}

/* Rank 0: GTP on in and out; lines that change the game also go to the others. */
static int run_rank0(gtp_t *gtp, dist_t *d, FILE *in, FILE *out)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    bool quit = false;
    while (!quit && (got = getline(&line, &cap, in)) >= 0) {
        /* The line stops an analysis or ponder first: its search is the group's, and the next
         * message must not overtake its end. */
        gtp_stop_background(gtp);
        size_t len = (size_t)got;
        if (len > 0 && line[len - 1] == '\n') len--;
        /* GTP drops NUL bytes; drop them before the line is sent as text. */
        size_t kept = 0;
        for (size_t i = 0; i < len; i++)
            if (line[i]) line[kept++] = line[i];
        len = kept;
        line[len] = 0;
        char name[64];
        command_name(line, len, name, sizeof name);
        const bool loads_file = !strcmp(name, "loadsgf");
        if (name[0] && !loads_file && !is_rank0_only(name)) {
            const dist_msg_t msg = {.kind = DIST_MSG_LINE, .text = line};
            dist_send(d, &msg);
        }
        const gtp_result_t result = gtp_execute_line(gtp, line, len, out);
        /* The file is rank 0's alone: the others take the game it loaded. */
        if (loads_file && result == GTP_SUCCESS) {
            const dist_msg_t msg = {.kind = DIST_MSG_GAME, .game = gtp_game(gtp)};
            dist_send(d, &msg);
        }
        quit = result == GTP_QUIT;
    }
    free(line);
    gtp_stop_background(gtp);
    if (!quit) {
        const dist_msg_t msg = {.kind = DIST_MSG_QUIT};
        dist_send(d, &msg);
    }
    return 0;
}

/* Another rank: rank 0's move, played on this rank's game. */
static void play_rank0_move(gtp_t *gtp, stone_t c, int point)
{
    game_t *g = gtp_game(gtp);
    if (c != STONE_BLACK && c != STONE_WHITE) return;
    if (point == POINT_RESIGN)
        game_resign(g, c);
    else if (game_play(g, c, point) != GAME_OK)
        fprintf(stderr, "tengen: mpi: rank 0's move is illegal here: the games differ\n");
}

/* The other ranks: run rank 0's messages until the end. */
static int run_other_rank(gtp_t *gtp, dist_t *d)
{
    FILE *sink = fopen("/dev/null", "w");
    if (!sink) {
        perror("tengen: /dev/null");
        return 1;
    }
    int status = 0;
    for (;;) {
        dist_msg_t msg;
        if (!dist_receive(d, &msg)) {
            fprintf(stderr, "tengen: mpi rank %d: lost rank 0\n", dist_rank(d));
            status = 1;
            break;
        }
        if (msg.kind == DIST_MSG_QUIT) break;
        if (msg.kind == DIST_MSG_SEARCH) {
            engine_join_search(gtp_engine(gtp), msg.color, msg.playouts, msg.move_search,
                               msg.filter, NULL);
            free(msg.filter);
        } else if (msg.kind == DIST_MSG_PLAY) {
            play_rank0_move(gtp, msg.color, msg.point);
        } else if (msg.kind == DIST_MSG_GAME) {
            /* A game that could not be set up was reported by dist_receive: this rank keeps its
             * own, and its searches share nothing with the others' until the games meet again. */
            if (msg.game) engine_replace_game(gtp_engine(gtp), msg.game);
        } else {
            const gtp_result_t r = gtp_execute_line(gtp, msg.text, strlen(msg.text), sink);
            free(msg.text);
            if (r == GTP_QUIT) break;
        }
    }
    fclose(sink);
    return status;
}

int gtp_run_distributed(gtp_t *gtp, dist_t *d, FILE *in, FILE *out)
{
    engine_set_dist(gtp_engine(gtp), d);
    const int status = dist_rank(d) == 0 ? run_rank0(gtp, d, in, out) : run_other_rank(gtp, d);
    engine_set_dist(gtp_engine(gtp), NULL);
    return status;
}
