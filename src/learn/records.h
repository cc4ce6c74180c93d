/* records.h - the positions of game records: every move of the main line of every SGF in a list
 * of inputs (tar.gz archives, tars or SGF files), with the position before it, in input order.
 */
#ifndef TENGEN_LEARN_RECORDS_H
#define TENGEN_LEARN_RECORDS_H

#include <stdbool.h>

#include "tengen/board.h"

typedef struct record_position {
    const board_t *board; /* the position before the move (setup and handicap stones included) */
    stone_t to_move;      /* the colour that played the move */
    int last, last2;      /* the previous move and the one before it (normally the opponent's last
                           * move and the mover's previous one): a point, POINT_PASS, or
                           * POINT_NONE before the first moves or after setup stones mid-game */
    int played;           /* the move played (a point or POINT_PASS) */
    int move_number;      /* 0-based index among the game's moves */
    int total_moves;
    long game_index;       /* 0-based count of games read so far across all inputs, in input order
                            * (games skipped as broken are not counted): for the validation split */
    const char *game_name; /* file name inside the archive (or the input path) */
} record_position_t;

/* Return false to stop reading. pos and its board are valid during the call only. */
typedef bool (*record_position_fn)(const record_position_t *pos, void *user);

typedef struct record_stats {
    long files;         /* SGF files found (names ending in .sgf in archives, or an input file) */
    long games;         /* games replayed */
    long positions;     /* calls of fn */
    long skipped_files; /* files that did not parse or convert, illegal moves, files too large */
} record_stats_t;

/* Reads every SGF of every path (archives or files) in order, converts the main line with
 * sgf_parse_bytes and sgf_to_game (Japanese rules unless RU says otherwise), replays it and calls
 * fn for every move (not for setup). Files in archives whose names do not end in .sgf are ignored.
 * Broken files are skipped (a one-line warning on stderr with name and reason when verbose),
 * counted in skipped_files, and reading goes on. stats (may be NULL) is zeroed first. Returns
 * false only for an input path that cannot be read or an archive that is damaged (err names the
 * path and the problem; the positions before the damage were given); fn stopping early is not an
 * error. */
bool records_for_each_position(const char *const *paths, int num_paths, record_position_fn fn,
                               void *user, bool verbose, record_stats_t *stats, char *err,
                               int err_len);

#endif
