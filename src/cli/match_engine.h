/* match_engine.h - one GTP engine as a child process of `tengen match`: started with
 * `sh -c COMMAND` (stdin and stdout are pipes, stderr is appended to a log file), spoken to one
 * command at a time, stopped or killed. Owns the process and its pipes; knows GTP framing but no
 * Go (the referee is in match_game.c).
 *
 * Engines are hostile input: answers may be garbage, endless, late or missing, and the process
 * may die at any moment. Every such case is a status, never a crash or an unbounded wait (when a
 * timeout is given) or unbounded memory (answers over MATCH_ENGINE_MAX_ANSWER bytes are refused).
 * An engine is used by one thread at a time; starting engines from several threads is safe.
 */
#ifndef TENGEN_MATCH_ENGINE_H
#define TENGEN_MATCH_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define MATCH_ENGINE_MAX_ANSWER (1u << 20) /* bytes of one answer, all lines together */
#define MATCH_ENGINE_NAME_LEN 128

typedef enum match_gtp_status {
    MATCH_GTP_OK = 0,  /* "= answer" */
    MATCH_GTP_FAILURE, /* "? message": the engine refused the command */
    MATCH_GTP_DEAD,    /* the process exited, closed its pipes or could not be written to */
    MATCH_GTP_TIMEOUT, /* no complete answer before the deadline */
    MATCH_GTP_GARBAGE, /* output that is not a GTP answer, or an answer that is too long */
} match_gtp_status_t;

typedef struct match_engine {
    const char *command;  /* shell command line (not owned) */
    const char *log_path; /* stderr is appended here; NULL: /dev/null (not owned) */
    pid_t pid;            /* > 0 while running; also the process group of the engine */
    int to_fd, from_fd;   /* pipe ends: the engine's stdin and stdout; -1 when stopped */
    char buf[8192];       /* bytes read from the engine not yet consumed */
    size_t buf_start, buf_end;
    char name[MATCH_ENGINE_NAME_LEN]; /* "name version" from GTP, or the command */
    bool knows_kgs_rules, knows_final_score, knows_time_settings;
    int starts; /* how many times the process was started */
} match_engine_t;

/* Set up a stopped engine for a command (both strings must outlive it). */
void match_engine_init(match_engine_t *e, const char *command, const char *log_path);
/* Start the process and ask name, version and the optional commands it knows, each within
 * timeout seconds (<= 0: no limit). Returns false with a message in err if the process could not
 * be started or did not answer `name`; the engine is then stopped. Stops a running process first.
 */
bool match_engine_start(match_engine_t *e, double timeout, char *err, size_t err_len);
/* Send `quit`, give the engine a moment to exit, then kill its process group and reap it. Safe to
 * call on a stopped engine. */
void match_engine_stop(match_engine_t *e);
bool match_engine_is_running(const match_engine_t *e);

/* Make SIGTERM, SIGINT, SIGHUP and SIGQUIT kill every running engine (each runs in its own
 * process group, out of reach of the terminal and of a kill of tengen) before tengen dies. */
void match_engine_kill_all_on_signal(void);

/* Send one command (a line without LF) and read its answer within timeout seconds (<= 0: no
 * limit). answer receives the text after "=" or "?" (lines joined by LF, leading space removed,
 * truncated to answer_len - 1 bytes; may be NULL). After DEAD, TIMEOUT or GARBAGE the engine is
 * out of step and must be restarted before it is used again. */
match_gtp_status_t match_engine_send(match_engine_t *e, const char *command, double timeout,
                                     char *answer, size_t answer_len);

/* Words for a status, for messages ("crashed", "timed out", ...). */
const char *match_gtp_status_text(match_gtp_status_t s);

#endif
