/* http_internal.h - what the files of src/http share: the server (web_t), one game (web_game_t),
 * the AI thread pool, replies of the JSON API, and the helpers between them.
 *
 * Threads and locks. Connections run in libmicrohttpd's threads (one per connection), the AI in
 * the pool's threads. web_t.lock guards the list of games and every game's refs; a game's lock
 * guards everything else of that game, the engine's game included, with one exception: while
 * `thinking` is set, the pool thread searches the engine without the lock and nobody else may
 * change the game (every change answers 409 "ai thinking"); readers still read it under the
 * lock, which is safe because the search only reads it. A game's lock may be held while taking
 * the pool's lock or the registry lock (references), never the reverse; no code holds two game
 * locks. A reference is never dropped while holding the game's lock, unless the dropper holds
 * another one (so it cannot be the last).
 *
 * Loaded and unloaded games. Every game stays listed, but only some are held in memory (engine,
 * history, statistics): at most cfg.max_loaded of them and cfg.max_loaded_mb of their estimated
 * memory (web_game_cost), counted in web_t.loaded_games and loaded_bytes under the registry lock.
 * An unloaded game keeps its id, times and a summary for the list; its file is its state. A
 * reference only keeps the struct alive; what keeps a game loaded is a use (`users`, under the
 * registry lock): a request or an event stream takes one (web_acquire_game, which also loads the
 * game back from its file) before it touches the engine, and an AI job runs only while a request
 * holds it or `thinking` is set. Room is made by web_reserve, which unloads the least recently
 * used games that have no use, no job, no deletion and no failed save; it locks those games one
 * at a time, so its callers hold no game lock.
 *
 * Stopping the AI ("move now", and undo, resign or delete while it thinks): the request sets
 * `move_now`, which the search's report callback turns into engine_stop_search, and waits for the
 * job to end; requests that throw the AI's work away also call engine_stop_search themselves,
 * again and again until the job ended (a genmove runs several searches, and each clears the
 * request when it starts), or take a job that has not started out of the pool's queue. The
 * alpha-beta engine reports nothing: until its move is played, every request stops its search
 * directly.
 *
 * Analysis (WEB_JOB_ANALYZE) is a job too, so `thinking` is set while it runs and the same rule
 * holds: nobody changes the game meanwhile. It is not the AI thinking, though: every request that
 * would change the game ends it first (`analyze_stop`, its own stop flag, polled at every
 * playout) and waits for its job to end, then goes on as if the game had been idle. A position
 * of the past (review) is searched by an engine of its own, made and freed by the job.
 */
#ifndef TENGEN_HTTP_INTERNAL_H
#define TENGEN_HTTP_INTERNAL_H

#include <cjson/cJSON.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "http/http.h"
#include "tengen/engine.h"
#include "tengen/sgf.h"
#include "tengen/version.h"

#define WEB_VERSION "tengen " TENGEN_VERSION
#define WEB_MAX_BODY (1u << 20) /* request bodies, bytes (413 beyond) */
/* History entries (moves and setup nodes) of an imported game (413 beyond): a real game has a few
 * hundred; a 1 MiB body could otherwise hold 150,000 nodes, each costing a few dozen bytes for as
 * long as the game is kept and a line in every state answer. */
#define WEB_MAX_HISTORY 10000
/* What a loaded game costs besides its search tree (--memory, untouched until a search), for
 * cfg.max_loaded_mb, in bytes; measured as the growth of the server's resident memory per game,
 * rounded up: 55 kB for an empty 19x19 game (board, engine, search workers), 145 bytes per
 * history entry (the entry, its superko key, the AI's statistics, arrays grown by doubling). */
#define WEB_COST_GAME (56 * 1024)
#define WEB_COST_ENTRY 160
#define WEB_COST_SETUP_POINT 8  /* point, stone and undo of a setup stone */
#define WEB_COST_JSON_NUMBER 80 /* a cJSON number (the last analysis's ownership) */
/* What an imported file says about its game (docs/web.md, "Import"): names and game information
 * are cut to this many bytes (they come from anyone's file and are shown on the page), the main
 * line's comments to this many bytes in all (later ones are dropped). */
#define WEB_MAX_NAME_BYTES 100
#define WEB_MAX_COMMENT_BYTES (64 * 1024)
/* The game tree (http_tree.c): nodes beside the main line in all, and the longest variation
 * (nodes from the main line); an import beyond either answers 413, as does a move beyond them. */
#define WEB_MAX_VARIATION_NODES 10000
#define WEB_MAX_VARIATION_DEPTH 1000
/* The text of a game's tree and comments (a comment written beyond it answers 413; an import is
 * bounded by the body). */
#define WEB_MAX_TREE_TEXT (1 << 20)
#define WEB_ID_MAX 64     /* characters of a game id */
#define WEB_NEW_ID_LEN 12 /* hex characters of the ids the server makes */
#define WEB_MIN_SIZE 5    /* sizes of new games (imports: BOARD_MIN_SIZE..) */
#define WEB_DEFAULT_SIZE 9
#define WEB_DEFAULT_PLAYOUTS 10000
#define WEB_MAX_PLAYOUTS 1000000
#define WEB_DEFAULT_SECONDS 10.0
#define WEB_MIN_SECONDS 0.1
#define WEB_MAX_SECONDS 120.0
#define WEB_MAX_GAME_THREADS 8
#define WEB_MAX_KOMI 150.0
#define WEB_MAX_HANDICAP 9
#define WEB_DEFAULT_RESIGN 0.1     /* the AI resigns below this win rate (engine.h) */
#define WEB_ANALYSIS_INTERVAL 0.25 /* seconds between analysis events of one game (4 Hz) */
#define WEB_ANALYSIS_CANDIDATES 10
#define WEB_ANALYSIS_PV 12
#define WEB_KEEPALIVE_SECONDS 15
/* Analysis of a position on request (analyze): it ends when stopped, when the game changes, or
 * after this many seconds. The cap keeps a page that went away from holding a search thread. */
#define WEB_ANALYZE_DEFAULT_SECONDS 60.0
#define WEB_ANALYZE_MAX_SECONDS 600.0
/* A game review's search of each position, in playouts (the page offers 500, 2,000, 10,000). */
#define WEB_REVIEW_DEFAULT_PLAYOUTS 2000
#define WEB_REVIEW_MIN_PLAYOUTS 10
#define WEB_REVIEW_MAX_PLAYOUTS 100000

typedef enum web_phase {
    WEB_PHASE_PLAY,
    WEB_PHASE_SCORING, /* two passes: the dead-stone proposal waits for the player */
    WEB_PHASE_OVER,
} web_phase_t;

typedef enum web_job {
    WEB_JOB_NONE,
    WEB_JOB_GENMOVE, /* the AI moves (and judges the dead stones if its pass ends the game) */
    WEB_JOB_STATUS,  /* judge the dead stones after the human's pass ended the game */
    WEB_JOB_ANALYZE, /* search a position without playing, until stopped or its time cap */
    WEB_JOB_REVIEW,  /* search every position of the game in turn (http_review.c) */
} web_job_t;

/* The statistics of one AI move (or resignation). */
typedef struct web_ai_stats {
    bool valid;
    double winrate; /* Black's, from the search that chose it */
    long playouts;
    double seconds;
} web_ai_stats_t;

/* What a game review found in one position (the position after some moves). */
typedef struct web_review_entry {
    bool valid;
    double winrate;    /* Black's, rounded to 3 decimals as the file keeps it */
    double score_lead; /* Black's, 1 decimal */
    int best;          /* the most visited move: a point or POINT_PASS */
    long visits;       /* its visits */
} web_review_entry_t;

/* ---- clocks (http_clock.c; docs/web.md, "Clocks") ---- */

typedef enum web_clock_type {
    WEB_CLOCK_NONE = 0,
    WEB_CLOCK_ABSOLUTE, /* main time only */
    WEB_CLOCK_BYOYOMI,  /* main time, then `periods` periods of `period` seconds, one per move */
    WEB_CLOCK_CANADIAN, /* main time, then `stones` moves in every period of `period` seconds */
    WEB_CLOCK_FISCHER,  /* main time, and `increment` seconds more after every move */
} web_clock_type_t;

/* The ranges of a time control (400 "bad field" beyond). */
#define WEB_CLOCK_MAX_MAIN 86400.0  /* seconds of main time: a day */
#define WEB_CLOCK_MIN_PERIOD 1.0    /* a byo-yomi or Canadian period, seconds */
#define WEB_CLOCK_MAX_PERIOD 3600.0 /* the same, and a Fischer increment */
#define WEB_CLOCK_MAX_PERIODS 100
#define WEB_CLOCK_MAX_STONES 1000

/* A time control, the same for both colours. */
typedef struct web_time_control {
    web_clock_type_t type;
    double main;      /* main time, seconds */
    int periods;      /* byo-yomi: number of periods */
    double period;    /* byo-yomi: one period; Canadian: the period of `stones` moves */
    int stones;       /* Canadian: moves per period */
    double increment; /* Fischer: seconds added after every move */
} web_time_control_t;

/* One colour's clock. Between turns a byo-yomi period is whole (`period` is the period); while
 * the clock runs, web_clock_view shows what is left of the current one. */
typedef struct web_clock_side {
    double main;   /* main time left */
    int periods;   /* byo-yomi: periods left */
    double period; /* byo-yomi, Canadian: seconds left in the current period */
    int stones;    /* Canadian: moves left in the current period */
} web_clock_side_t;

/* What the clock showed after one move (SGF BL/WL, OB/OW). */
typedef struct web_clock_mark {
    bool valid;
    double seconds; /* main time left, or what was left of the period in overtime */
    int overtime;   /* byo-yomi periods or Canadian stones left; -1 in main time */
} web_clock_mark_t;

/* A game's clocks (under the game's lock). At most one runs: the human's from the start of their
 * turn until their move, pass, resignation or undo arrives; the AI's while its genmove runs. The
 * arithmetic is the pure web_clock_* functions; the web_game_clock_* ones apply it to a game. */
typedef struct web_clock {
    web_time_control_t tc;    /* WEB_CLOCK_NONE: no clock */
    web_clock_side_t side[3]; /* [STONE_BLACK], [STONE_WHITE]: as at the start of the turn */
    stone_t running;          /* whose clock runs, STONE_EMPTY for none */
    double started;           /* web_now() when it started */
    stone_t flagged;          /* who lost on time (also from an imported RE), or STONE_EMPTY */
    web_clock_mark_t *marks;  /* per move (setup entries excluded), marks_cap long */
    int marks_cap;
} web_clock_t;

/* The AI settings of a game. */
typedef struct web_ai {
    engine_kind_t engine; /* ENGINE_MCTS, or ENGINE_AB (alpha-beta: playouts is its node limit) */
    long playouts;        /* per move, 0 = time only */
    double seconds;       /* per move, the cap */
    int threads;
    double resign; /* resign when the win rate stays below this (0..1; 0: never) */
} web_ai_t;

/* The fields of a create or import request, validated (has_*: the field was given). */
typedef struct web_options {
    bool has_size, has_komi, has_rules, has_handicap, has_human, has_playouts, has_seconds,
        has_threads, has_resign, has_engine, has_clock;
    int size;
    double komi;
    rules_t rules;
    int handicap;
    stone_t human;
    long playouts;
    double seconds;
    int threads;
    double resign;
    engine_kind_t engine;
    web_time_control_t clock; /* WEB_CLOCK_NONE for "none" */
} web_options_t;

typedef struct web web_t;
typedef struct web_tree web_tree_t;
/* Where a node of g's tree is (web_tree_locate). */
typedef struct web_tree_at {
    bool main;    /* on the main line: the position after `number` moves */
    int number;   /* moves from the root to the node */
    int shared;   /* moves of the main line before it (a main node: number) */
    game_t *game; /* off the main line, when asked for: its position (the caller frees it) */
} web_tree_at_t;
typedef struct web_team web_team_t;
typedef struct web_teams web_teams_t;

typedef struct web_game {
    char id[WEB_ID_MAX + 1];
    web_t *web;
    int refs; /* guarded by web->lock: the list, requests, the pool's queue */
    /* Guarded by web->lock too (see "Loaded and unloaded games" above): */
    int users;          /* requests and event streams using the game: it stays loaded */
    uint64_t last_used; /* web->use_clock when it was last taken: the oldest goes first */
    bool loaded;        /* counted in web->loaded_games, with cost in loaded_bytes */
    size_t cost;        /* bytes (web_game_cost) */
    pthread_mutex_t lock;
    pthread_cond_t changed; /* broadcast after every change of the fields below */

    engine_t *engine; /* NULL while unloaded: then only id, times and summary hold */
    char *summary;    /* while unloaded: its summary for GET /api/games, as JSON text */
    bool unsaved;     /* the last save failed: the file is behind, so it is never unloaded */
    stone_t human;
    web_ai_t ai;
    bool thinking;    /* a job is queued or running */
    bool job_started; /* a pool thread runs it (else it waits in the pool's queue) */
    web_job_t job;
    atomic_bool move_now;     /* genmove's search ends at its next report (cleared at each job) */
    atomic_bool analyze_stop; /* an analysis ends at its next playout (cleared at each job) */
    double analyze_seconds;   /* an analysis's time cap, set with the job */
    int analyze_moves;        /* its position: the first analyze_moves moves (review: < all) */
    long analyze_node;        /* or a node of the tree off the main line (-1: none) */
    bool deleted;
    bool counted; /* the player accepted a count: the phase is over */
    bool has_proposal;
    bool proposed_dead[BOARD_MAX_POINTS];
    bool seki[BOARD_MAX_POINTS];
    bool dead[BOARD_MAX_POINTS]; /* the dead stones of the count (proposal or the player's) */
    web_ai_stats_t *ai_moves;    /* per move (setup entries excluded), ai_moves_cap long */
    int ai_moves_cap;
    web_ai_stats_t ai_resign;
    web_clock_t clock; /* the time control, both clocks, a loss on time */
    time_t created, updated;
    uint64_t state_seq;    /* +1 at every change of the state */
    uint64_t analysis_seq; /* +1 at every analysis published */
    char *analysis;        /* data of the latest analysis event of the current search, or NULL */
    double analysis_time;  /* monotonic seconds of its publication */
    /* The search before's last analysis event (its final report), kept from the next search's
     * start until the one after: a stream that had not sent it yet sends it before the new
     * search's reports, so no reader misses the end of an analysis. previous_seq is the
     * analysis_seq at that start (previous_analysis may be NULL). */
    char *previous_analysis;
    uint64_t previous_seq;
    cJSON *last_analysis;  /* the last search's summary (state "last_analysis"), or NULL */
    /* What the imported file said: {"players", "info", "comments", "variations_dropped"} as the
     * state shows them (web_store_record), or NULL. Freed while unloaded: the file has it. */
    cJSON *record;
    /* The hash of the imported SGF, normalised (web_store_import_hash); 0: not an import. Set
     * before the game is listed, never changed, kept while unloaded: imports look it up. */
    uint64_t import_hash;
    /* The game review: review[k] for the position after k moves, k < review_len (the rest, and
     * positions of moves played since, are not reviewed); review_playouts per position. */
    web_review_entry_t *review;
    int review_len;
    long review_playouts;
    uint64_t review_seq; /* +1 at every position a review job finishes (the `review` event) */
    /* The game tree: the main line's nodes and the variations (http_tree.c); NULL while the game
     * has none or is unloaded. */
    web_tree_t *tree;
    /* Owned by the pool thread while it runs the job: */
    cJSON *pending;          /* the latest report, not yet published */
    int search_moves;        /* the position searched: moves played */
    long search_node;        /* and the tree node analysed off the main line, or -1 */
    stone_t search_color;    /* and the player to move */
    engine_t *search_engine; /* the engine searched: `engine`, or a review analysis's own */
} web_game_t;

typedef struct web_pool web_pool_t;

struct web {
    web_config_t cfg;
    char data_dir[PATH_MAX];
    char web_dir[PATH_MAX]; /* "" : the embedded page */
    pthread_mutex_t lock;   /* the games list and every refs */
    web_game_t **games;
    int num_games, cap_games;
    int loaded_games;    /* games in memory (and reservations of games being made) */
    size_t loaded_bytes; /* their cost */
    uint64_t use_clock;  /* +1 at every web_acquire_game */
    web_pool_t *pool;
    atomic_bool stopping;
    int lock_fd; /* the data folder's lock file */
    /* What requests must show (http_guard.c), set before the daemon starts. */
    bool loopback;       /* listening on a loopback address: the Host header is checked */
    int port;            /* the port listened on */
    char host_name[300]; /* --host as a Host header writes it ("[::1]" for IPv6) */
    web_teams_t *teams;  /* the team games (http_team.c) */
};

/* A reply of the JSON API. body is malloc'ed (or NULL for an empty body). */
typedef struct web_reply {
    int status;
    char *body;
    size_t len;
    const char *content_type;
    char location[96];     /* "" or a Location header */
    const char *allow;     /* NULL or an Allow header (405) */
    char disposition[128]; /* "" or a Content-Disposition header */
} web_reply_t;

/* ---- http_server.c ---- */

/* The server without HTTP: open and lock the data folder, start the AI threads, load the games.
 * NULL after a message on stderr. (web_run adds the HTTP daemon; tests call the API directly.) */
web_t *web_open(const web_config_t *cfg);
/* Stop the AI threads and free everything. False if a search was still running after a few
 * seconds: then nothing is freed (the process is about to exit). */
bool web_close(web_t *w);

/* ---- http_util.c ---- */

double web_now(void); /* monotonic seconds */
/* ISO 8601 UTC into buf (at least 24 bytes). */
char *web_time_text(time_t t, char *buf, size_t len);
/* Parse web_time_text's format; false if it is not that. */
bool web_time_parse(const char *text, time_t *out);
bool web_is_valid_id(const char *id);
/* 64 random bits (/dev/urandom; the clock if it cannot be read): ids and the AI's seeds. */
uint64_t web_random64(void);
/* An error reply: {"error": message, "reason": reason}. */
void web_error(web_reply_t *r, int status, const char *reason, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A JSON reply from j (freed). */
void web_reply_json(web_reply_t *r, int status, cJSON *j);
void web_reply_free(web_reply_t *r);
const char *web_color_name(stone_t c);
/* The API's name of an AI engine ("mcts", "ab"), and back: false for any other text (or NULL). */
const char *web_engine_name(engine_kind_t k);
bool web_engine_parse(const char *name, engine_kind_t *out);
/* Round to `digits` decimals, for short JSON numbers. */
double web_round(double x, int digits);
/* Wait on cond (lock held, released while waiting) for at most `seconds` or until signalled. */
void web_wait_cond(pthread_cond_t *cond, pthread_mutex_t *lock, double seconds);
/* A board as rows of .XO (top row first). */
cJSON *web_board_rows(const board_t *b);
/* Points where mask[p] is set, as a JSON array of vertices. */
cJSON *web_point_list(const board_t *b, const bool *mask);
/* Parse a JSON array of vertices of stones into mask (whole strings). False with err filled. */
bool web_parse_dead_list(const board_t *b, const cJSON *list, bool *mask, char *err, size_t len);

/* ---- http_game.c ---- */

/* A new game with an empty board (an engine with the server's memory per game). NULL if the
 * engine cannot be made. refs is 1 (the caller's). */
web_game_t *web_game_new(web_t *w, const char *id, int size, const rules_t *rules, stone_t human,
                         const web_ai_t *ai);
/* Replace the engine's game (import, load): takes ownership of g. */
void web_game_set_game(web_game_t *wg, game_t *g);
void web_game_free(web_game_t *g);
void web_game_ref(web_game_t *g);
/* Drop a reference; frees the game when it was the last. */
void web_game_unref(web_game_t *g);
/* Every game of w, each with a reference taken (web_game_unref each), in a new array to free;
 * taken under the list's lock only, so the caller may then lock the games one by one. NULL with
 * *n = 0 if out of memory. */
web_game_t **web_games_snapshot(web_t *w, int *n);
web_phase_t web_game_phase(const web_game_t *g);
/* Number of moves (setup entries excluded). Under the lock. */
int web_game_move_count(const web_game_t *g);
/* Keep the per-move AI statistics in step with the history after a change. */
void web_game_sync_moves(web_game_t *g);
/* The game's state as JSON (summary: without the long fields). Under the lock. */
cJSON *web_game_state(const web_game_t *g, bool summary);
/* Count with g->dead; fills the scoring object. Under the lock. */
cJSON *web_game_scoring(const web_game_t *g);
/* The result text as RE writes it, or NULL while there is none (buf >= 32 bytes). */
const char *web_game_result(const web_game_t *g, char *buf, size_t len);
/* Mark a change: time, save, sequence, wake the waiters. Under the lock. Returns false if the
 * save failed (the message is on stderr and in err). */
bool web_game_changed(web_game_t *g, char *err, size_t len);
/* Wake the waiters and stream readers of a change that needs no save (the AI starts). */
void web_game_notify(web_game_t *g);
/* The pool's work on a game (WEB_JOB_*). Takes the lock itself. */
void web_game_run_job(web_game_t *g);
/* The game after its first n moves (the setup before move n + 1 included); *played is how many
 * were played (n, or fewer if the game has fewer) and *to_move the player to move there. NULL if
 * out of memory. Under the lock. */
game_t *web_game_prefix(const web_game_t *g, int n, int *played, stone_t *to_move);
/* Add a position's "last_move" (GTP vertex or null), "board" (rows) and "captures" to j. */
void web_add_position(cJSON *j, const game_t *game);
/* The board after the first n moves as JSON (review). Under the lock. */
cJSON *web_game_position(const web_game_t *g, int n);
/* A new game (refs 1) from the setup and the first n moves of src, or from the position of a
 * node off its main line (node: its place and game, from web_tree_locate), with src's rules,
 * human, AI settings and time control (both clocks full) unless opts gives them, the AI
 * statistics and review of the main line's moves it keeps, and src's whole game tree
 * (web_tree_copy); never a result (a resignation, a count or a loss on time is not copied). src
 * under its lock. NULL with err filled. */
web_game_t *web_game_copy(web_t *w, web_game_t *src, const char *id, int n,
                          const web_tree_at_t *node, const web_options_t *opts, char *err,
                          size_t len);
/* The game's estimated memory while loaded, its search tree aside (WEB_COST_*). Under the lock. */
size_t web_game_cost(const web_game_t *g);
/* Unload g if it is idle: no use, no job, not deleted, its file current. Its summary is kept for
 * the list; its engine, history and statistics are freed and its cost given back. The caller
 * holds a reference and no game lock. Returns whether it was unloaded. */
bool web_game_unload(web_game_t *g);
/* Load g (unloaded; under its lock) with what fresh holds (a game just read from g's file and
 * counted by web_reserve): its engine, settings, dead stones, statistics, last analysis, times
 * and its count as loaded. fresh keeps only its shell: drop it with web_game_unref. */
void web_game_adopt(web_game_t *g, web_game_t *fresh);
/* The analysis event a stream that has sent up to *seen sends next, or NULL; *seen is advanced.
 * The search before's final report comes before the current search's. Under the lock. */
const char *web_game_unsent_analysis(const web_game_t *g, uint64_t *seen);
/* Apply g->ai to the engine's settings. */
void web_game_apply_ai(web_game_t *g);
/* The summary of the last search kept by the state and TGWEB, from an analysis event (see
 * docs/web.md, "last_analysis"); NULL if out of memory. */
cJSON *web_analysis_summary(const cJSON *analysis);

/* ---- http_clock.c ---- */

/* The arithmetic of the clocks, on one colour's clock `s` under the time control `tc` (pure: no
 * game, no time source; tests call them directly). */
/* Parse a request's `clock` object (docs/web.md): false with a sentence in err naming the field. */
bool web_clock_parse(const cJSON *j, web_time_control_t *tc, char *err, size_t len);
/* The API's name of a type ("none", "absolute", "byoyomi", "canadian", "fischer"). */
const char *web_clock_type_name(web_clock_type_t t);
/* A full clock: main time, every period, the first Canadian period. */
void web_clock_fill(const web_time_control_t *tc, web_clock_side_t *s);
/* Seconds the colour may still use on this turn before it loses on time. */
double web_clock_left(const web_time_control_t *tc, const web_clock_side_t *s);
/* Charge one turn of `elapsed` seconds; move: it ended with a move (a Fischer increment is
 * added, a Canadian stone counted; an undo or a resignation is no move). A byo-yomi period used
 * up counts one period each, a move within a period keeps it. False when the time ran out
 * (elapsed >= web_clock_left): s is then all zero. */
bool web_clock_charge(const web_time_control_t *tc, web_clock_side_t *s, double elapsed, bool move);
/* The clock as it shows `elapsed` seconds into the turn, without charging it (byo-yomi: what is
 * left of the current period in `period`); all zero when the time ran out. */
web_clock_side_t web_clock_view(const web_time_control_t *tc, const web_clock_side_t *s,
                                double elapsed);
/* What GTP's kgs-time_settings and time_left would tell the engine: the engine's clock, and the
 * seconds and stones (Canadian stones or byo-yomi periods left, 0 in main time) of time_left. */
void web_clock_engine(const web_time_control_t *tc, const web_clock_side_t *s, engine_clock_t *ec,
                      double *seconds, int *stones);
/* SGF OT text ("5x30 byo-yomi", "25/300 Canadian", "Fischer 5 s"), or NULL (absolute, none). */
const char *web_clock_overtime_text(const web_time_control_t *tc, char *buf, size_t len);

/* The clocks of a game (under its lock). */
/* A new time control: both clocks full, none running, no loss on time. */
void web_game_clock_set(web_game_t *g, const web_time_control_t *tc);
/* Bring the clocks up to date now: the running one that ran out loses the game on time (saved,
 * the waiters woken, the AI's search or an analysis of the position asked to end); with start,
 * the human's starts when it is their turn in play and none runs (a new game, after the AI's
 * move or an undo, a game loaded from its file). Called by every request and event stream of a
 * loaded game (start), and by the list (no start: listing a game does not start its clock). */
void web_game_clock_update(web_game_t *g, bool start);
/* Stop the running clock and charge its turn (move: it ended with a move of that colour; its mark
 * is then written to *mark when mark is not NULL). False when its time had run out: the game is
 * then lost on time (not saved yet). True when no clock ran. */
bool web_game_clock_stop(web_game_t *g, bool move, web_clock_mark_t *mark);
/* Start the AI's clock for its genmove (c to move) and give the engine the clock. */
void web_game_clock_start_ai(web_game_t *g, stone_t c);
/* When the running clock runs out (web_now() seconds), INFINITY when none runs. */
double web_game_clock_deadline(const web_game_t *g);
/* The state's "clock" (null without a time control). */
cJSON *web_game_clock_json(const web_game_t *g);
/* Per-move marks: set the mark of move i (0-based), drop those of moves >= n (taken back). */
void web_clock_set_mark(web_clock_t *c, int i, const web_clock_mark_t *mark);
void web_clock_sync_marks(web_clock_t *c, int n);
/* Move the clocks of `from` to `to` (loading a game back); free the marks. */
void web_clock_take(web_clock_t *to, web_clock_t *from);
void web_clock_free(web_clock_t *c);
/* TGWEB's "clock" (NULL without a time control), and reading it back (a file of the data
 * folder): the time control and both clocks as saved, none running. Anything out of range: the
 * clocks are left full. */
cJSON *web_clock_tgweb(const web_clock_t *c);
void web_clock_read_tgweb(web_clock_t *c, const cJSON *j);
/* SGF: TM and OT on the root, BL/WL and OB/OW on the node of every move with a mark; read the
 * marks back from a file's main line (moves: the game's move count). */
bool web_clock_write_sgf(sgf_node_t *root, const web_clock_t *c);
void web_clock_read_sgf(web_clock_t *c, const sgf_node_t *root, int moves);

/* ---- http_review.c ---- */

/* Start a new review of every position at `playouts` each: what an earlier one found is dropped.
 * Under the lock, with the job queued. False if out of memory (the job then finds nothing). */
bool web_review_reset(web_game_t *g, long playouts);
/* The review job (the pool thread, no lock held): search the positions 0..move_number in turn,
 * publishing each, until done or stopped (analyze_stop, move_now, the server stopping). */
void web_review_run(web_game_t *g);
/* Drop the entries of positions taken back (moves undone). Under the lock. */
void web_review_sync(web_game_t *g);
void web_review_free(web_game_t *g);
/* Move the review of `from` to `to` (loading a game back), or copy its first n + 1 positions
 * (copy). */
void web_review_take(web_game_t *to, web_game_t *from);
void web_review_copy(web_game_t *to, const web_game_t *from, int n);
/* The state's "review" (docs/web.md): null when there is none and none runs. Under the lock. */
cJSON *web_review_json(const web_game_t *g);
/* Write the review into a tree made by sgf_from_game (private properties XRP on the root, XWR,
 * XSL, XBM, XBV on the node of each position), and read it back from a file's main line. */
bool web_review_write_sgf(sgf_node_t *root, const web_game_t *g);
void web_review_read_sgf(web_game_t *g, const sgf_node_t *root);

/* ---- http_tree.c ---- */

/* Are a file's variations within WEB_MAX_VARIATION_NODES and WEB_MAX_VARIATION_DEPTH? False with
 * a sentence in err. */
bool web_tree_fits(const sgf_node_t *root, char *err, size_t len);
/* The tree of a file whose main line became `game` (sgf_to_game): variations, and every node's
 * properties the server does not write itself, into *out (NULL when the file has nothing but its
 * main line's moves: the tree is made when asked for). Every variation is replayed: false with err
 * filled at the first one that does not replay (or out of memory). */
bool web_tree_from_sgf(const sgf_node_t *root, const game_t *game, web_tree_t **out, char *err,
                       size_t len);
void web_tree_free(web_tree_t *t);
/* Move the tree of `from` to `to` (loading a game back). */
void web_tree_take(web_game_t *to, web_game_t *from);
/* Bring the tree (if the game has one) in step with the game's moves: called by every change of
 * them (web_game_sync_moves), before the record's comments of moves taken back are dropped. */
void web_tree_sync(web_game_t *g);
/* The moves about to leave the main line (an undo) are kept as a variation by the next sync,
 * when the tree has room for them; the tree is made if the game had none. */
void web_tree_keep(web_game_t *g);
/* Find node id: 200, or 404 (no such node) or 500 (out of memory) with a sentence in err. With
 * want_game, a node off the main line comes with its position: the first `shared` moves of the
 * game (and the setup before the next), then the variation's nodes replayed. Under the lock. */
int web_tree_locate(web_game_t *g, long id, bool want_game, web_tree_at_t *at, char *err,
                    size_t len);
/* Give `to` (a copy of `from`, its game and record set) the whole tree of `from`, ids kept: the
 * nodes of its own main line are its moves, the moves of `from` it has not are kept as a
 * variation (web_tree_keep). Under from's lock. False if out of memory (`to` may then have part
 * of the tree). */
bool web_tree_copy(web_game_t *to, web_game_t *from);
/* The tree's estimated memory (web_game_cost). Under the lock. */
size_t web_tree_cost(const web_game_t *g);
/* Add the tree to a tree made by sgf_from_game: each node's kept properties and the variations
 * after their position's last node. False if out of memory. Under the lock. */
bool web_tree_write_sgf(sgf_node_t *root, const web_game_t *g);
/* GET, POST and DELETE of /api/games/{id}/tree and /api/games/{id}/tree/{node} (node: NULL for
 * the first). Takes the game's lock. */
void web_tree_handle(web_game_t *g, const char *method, const char *node, const cJSON *body,
                     web_reply_t *r);

/* ---- http_store.c ---- */

/* Text from a file, made safe to keep and show: valid UTF-8 only ('?' for other bytes), control
 * characters as spaces (line breaks kept when multiline), cut at a character within max bytes.
 * Malloc'ed; NULL if out of memory. */
char *web_clean_text(const char *text, size_t max, bool multiline);

/* Create the data folder if needed and lock it. False with a message on stderr. */
bool web_store_open(web_t *w);
void web_store_close(web_t *w);
/* Load every game of the data folder into w (corrupt files reported and skipped). */
void web_store_load_all(web_t *w);
/* The game as SGF text (malloc'ed), with the TGWEB property. Under the lock. */
char *web_store_sgf(const web_game_t *g);
/* Write the game atomically. False with err filled. Under the lock. */
bool web_store_save(const web_game_t *g, char *err, size_t len);
bool web_store_remove(const web_t *w, const char *id);
/* The game `id` read from its file in the data folder (refs 1, not counted as loaded), its
 * times from TGWEB or else the file's. NULL with err filled. */
web_game_t *web_store_read_game(web_t *w, const char *id, char *err, size_t len);
/* Build a game from an SGF tree (an import, or a file of the data folder): the main line, RE
 * for resignations, and the TGWEB property, each of its settings unless opts gives it
 * (opts->rules: the rules when RU names none). file_time: NULL for an import (its times are
 * now); for a file of the data folder, its time, kept where TGWEB gives none. Returns NULL with
 * err filled. */
web_game_t *web_store_game_from_sgf(web_t *w, const char *id, const sgf_node_t *root,
                                    const web_options_t *opts, const time_t *file_time, char *err,
                                    size_t errlen);

/* The hash by which an import is recognised again: of the tree written back by sgf_write (so
 * that spacing and line breaks do not count) and extra (the request's other fields). Never 0;
 * 0 if out of memory. */
uint64_t web_store_import_hash(const sgf_node_t *root, const char *extra);

/* ---- http_pool.c ---- */

/* Start `threads` AI threads with room for threads + queue jobs at once. */
web_pool_t *web_pool_new(int threads, int queue);
/* Queue the game's job (g->job set, g->thinking set by the caller); the pool holds a reference
 * until the job ran. False (no reference kept) when threads + queue jobs are in progress. */
bool web_pool_submit(web_pool_t *p, web_game_t *g);
/* Take the game's job out of the queue if no thread has taken it yet: true, and the pool's
 * reference is dropped (the caller holds another); false if it runs or ran already. */
bool web_pool_cancel(web_pool_t *p, web_game_t *g);
void web_pool_counts(web_pool_t *p, int *running, int *queued, int *threads, int *capacity);
/* Stop: the threads finish their job and exit. Waits up to wait_seconds; returns true if every
 * thread has exited (then the pool is freed), false if some are still searching (the pool is
 * left allocated: the games they use must stay too). */
bool web_pool_stop(web_pool_t *p, double wait_seconds);

/* ---- http_guard.c ---- */

/* May this request be served (docs/web.md, "Limits and safety")? When listening on loopback,
 * the Host header (if any) must name this server (DNS rebinding); a POST or DELETE with an
 * Origin header must come from the page of this server (cross-site requests); a POST with a
 * body must say Content-Type: application/json (HTML forms cannot). Header values may be NULL
 * (absent). False with an error reply (403 or 415). */
bool web_guard_request(const web_t *w, const char *method, const char *host, const char *origin,
                       const char *content_type, size_t body_len, web_reply_t *r);

/* ---- http_api.c ---- */

/* Parse a request body into a JSON object in *out (an empty or blank body is {}; nothing but
 * white space may follow the object); false after a 400 "bad json" reply. */
bool web_parse_body(const char *body, size_t len, cJSON **out, web_reply_t *r);

/* The reply to a move the rules refuse (409 occupied, suicide, ko, superko, game over; 400). */
void web_illegal_move(web_reply_t *r, game_status_t s);

/* Answer one API request (path starts with "/api/"). query_move is the `move` query argument or
 * NULL. body may be NULL. The reply is filled (free it with web_reply_free). SSE (analysis) is
 * not handled here. */
void web_api_handle(web_t *w, const char *method, const char *path, const char *query_move,
                    const char *body, size_t len, web_reply_t *reply);
/* Find a game and take a reference; NULL if unknown. */
web_game_t *web_find_game(web_t *w, const char *id);
/* Add a game to the list (takes a reference). limited: refuse (false) when --max-games games
 * are listed. False also when out of memory. */
bool web_add_game(web_t *w, web_game_t *g, bool limited);
/* Find a game and take a reference and a use (it stays loaded until web_release_game); with
 * load, load it from its file if it was unloaded. NULL after an error reply: 404, 500 "load
 * failed", 503 "games busy" (no room: every loaded game is in use). */
web_game_t *web_acquire_game(web_t *w, const char *id, bool load, web_reply_t *r);
/* Give back web_acquire_game's use and reference. */
void web_release_game(web_game_t *g);
/* Make room for one more loaded game of `cost` bytes, unloading idle games, the least recently
 * used first, and count g (a game being made, or read to be adopted) as loaded. The caller holds
 * no game lock. False if the room cannot be made: every other loaded game is in use. */
bool web_reserve(web_t *w, web_game_t *g, size_t cost);
/* The 503 "games busy" reply of a failed web_reserve. */
void web_busy_error(const web_t *w, web_reply_t *r);

/* ---- http_team.c ---- */

/* Read the team games of the data folder (after the games) and start their threads. False if out
 * of memory. */
bool web_teams_open(web_t *w);
/* Join the teams' threads (w->stopping set, no stream open) and free the teams. */
void web_teams_close(web_t *w);
/* Answer a request under /api/teams (docs/web.md, "Team games"); token: the `token` query
 * argument or NULL. The event stream is web_team_serve_stream. */
void web_team_handle(web_t *w, const char *method, const char *path, const char *token,
                     const char *body, size_t len, web_reply_t *r);
/* Is `action` (play, undo, ...) on game id refused because the game's moves are voted? True
 * after a 409 "team game" reply. The team's own calls pass. */
bool web_team_refuses(web_t *w, const char *id, const char *action, web_reply_t *r);
/* The team of game id, or NULL. Teams live until the server closes. */
web_team_t *web_team_find(web_t *w, const char *id);
/* An event stream opens: the member of token (counted present while it is open), -1 for no
 * token (a spectator who has not joined), -2 for a token of nobody. */
int web_team_connect(web_team_t *t, const char *token);
void web_team_disconnect(web_team_t *t, int member);
bool web_team_sees_analysis(web_team_t *t, int member);
/* The team's state as member sees it, as JSON text (malloc'ed; NULL if out of memory), and the
 * change it shows into *seq. */
char *web_team_state_text(web_team_t *t, int member, uint64_t *seq);
/* Wait up to `seconds` for a change after `seen`; whether there was one. */
bool web_team_wait(web_team_t *t, uint64_t seen, double seconds);
/* Drop tengen's win rates and candidates from a game state when analysis is false. */
void web_team_filter_game(cJSON *state, bool analysis);

/* ---- http_team_stream.c ---- */

struct MHD_Connection;
/* Serve GET /api/teams/{id}/events (an enum MHD_Result). */
int web_team_serve_stream(web_t *w, struct MHD_Connection *c, const char *id, const char *token);

/* ---- http_server.c ---- */

/* Send a reply (its body freed); an enum MHD_Result. */
int web_send_reply(struct MHD_Connection *c, web_reply_t *r);
/* Queue a 200 text/event-stream answer that read() fills from `stream` until the client leaves;
 * free_stream(stream) runs when it ends (also at once if it cannot be queued). An enum
 * MHD_Result. */
int web_queue_event_stream(struct MHD_Connection *c,
                           ssize_t (*read)(void *stream, uint64_t pos, char *buf, size_t max),
                           void (*free_stream)(void *stream), void *stream);

#endif
