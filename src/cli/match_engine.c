/* match_engine.c - GTP engine processes for `tengen match`: fork/exec of `sh -c`, pipes, GTP
 * answer framing with deadlines, and stopping (quit, then SIGKILL to the process group).
 *
 * The engine runs in its own process group so that a kill also reaches what `sh -c` started.
 * Being in another group, it would not get the terminal's Ctrl-C, and a SIGTERM to tengen would
 * leave it running: so every running engine's group is registered, and
 * match_engine_kill_all_on_signal installs handlers that kill them all before tengen dies.
 * Pipes are created close-on-exec under one lock together with the fork, so that an engine never
 * inherits the pipe ends of another engine started by another thread at the same moment (which
 * would keep that engine from ever seeing end of input). */
#include "cli/match_engine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How long a stopping engine may take to exit after `quit` before it is killed (seconds). */
#define STOP_GRACE_SECONDS 1.0

static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

/* The process groups of the running engines (0: a free slot), read by the signal handler.
 * `tengen match` runs at most 64 games of two engines at once. */
#define MAX_RUNNING_ENGINES 256
static atomic_int running_groups[MAX_RUNNING_ENGINES];

static void register_group(pid_t pgid)
{
    for (int i = 0; i < MAX_RUNNING_ENGINES; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&running_groups[i], &expected, (int)pgid)) return;
    }
}

static void unregister_group(pid_t pgid)
{
    for (int i = 0; i < MAX_RUNNING_ENGINES; i++) {
        int expected = (int)pgid;
        if (atomic_compare_exchange_strong(&running_groups[i], &expected, 0)) return;
    }
}

/* Kill every registered engine group, then die of the same signal (only async-signal-safe
 * calls). The groups are not reaped yet while registered, so their ids name no other process. */
static void kill_engines_and_die(int sig)
{
    for (int i = 0; i < MAX_RUNNING_ENGINES; i++) {
        int pgid = atomic_load(&running_groups[i]);
        if (pgid > 0) kill(-(pid_t)pgid, SIGKILL);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void match_engine_kill_all_on_signal(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = kill_engines_and_die;
    sigemptyset(&sa.sa_mask);
    const int signals[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaction(signals[i], &sa, NULL);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *match_gtp_status_text(match_gtp_status_t s)
{
    switch (s) {
    case MATCH_GTP_OK:
        return "ok";
    case MATCH_GTP_FAILURE:
        return "refused the command";
    case MATCH_GTP_DEAD:
        return "crashed or exited";
    case MATCH_GTP_TIMEOUT:
        return "timed out";
    case MATCH_GTP_GARBAGE:
        return "gave a malformed answer";
    }
    return "?";
}

void match_engine_init(match_engine_t *e, const char *command, const char *log_path)
{
    memset(e, 0, sizeof *e);
    e->command = command;
    e->log_path = log_path;
    e->to_fd = e->from_fd = -1;
    snprintf(e->name, sizeof e->name, "%s", command);
}

bool match_engine_is_running(const match_engine_t *e)
{
    return e->pid > 0;
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

static bool set_cloexec(int fd)
{
    int flags = fcntl(fd, F_GETFD);
    return flags >= 0 && fcntl(fd, F_SETFD, flags | FD_CLOEXEC) == 0;
}

/* Fork the process. Returns false with a message in err. */
static bool spawn(match_engine_t *e, char *err, size_t err_len)
{
    int to_child[2] = {-1, -1}, from_child[2] = {-1, -1};
    const char *log = e->log_path ? e->log_path : "/dev/null";
    int log_fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0) {
        snprintf(err, err_len, "cannot open log file %s: %s", log, strerror(errno));
        return false;
    }
    pthread_mutex_lock(&spawn_lock);
    bool ok = pipe(to_child) == 0;
    ok = ok && pipe(from_child) == 0;
    ok = ok && set_cloexec(to_child[0]) && set_cloexec(to_child[1]) && set_cloexec(from_child[0]) &&
         set_cloexec(from_child[1]);
    pid_t pid = ok ? fork() : -1;
    if (pid == 0) {
        /* Child: only async-signal-safe calls from here on. dup2 clears close-on-exec. */
        setpgid(0, 0);
        if (dup2(to_child[0], 0) < 0 || dup2(from_child[1], 1) < 0 || dup2(log_fd, 2) < 0)
            _exit(127);
        execl("/bin/sh", "sh", "-c", e->command, (char *)NULL);
        _exit(127);
    }
    int saved_errno = errno;
    pthread_mutex_unlock(&spawn_lock);
    close(log_fd);
    close_fd(&to_child[0]);
    close_fd(&from_child[1]);
    if (pid < 0) {
        snprintf(err, err_len, "cannot start '%s': %s", e->command, strerror(saved_errno));
        close_fd(&to_child[1]);
        close_fd(&from_child[0]);
        return false;
    }
    setpgid(pid, pid); /* also done by the child; whichever runs first wins, both are fine */
    register_group(pid);
    e->pid = pid;
    e->to_fd = to_child[1];
    e->from_fd = from_child[0];
    e->buf_start = e->buf_end = 0;
    e->starts++;
    return true;
}

void match_engine_stop(match_engine_t *e)
{
    if (e->pid <= 0) return;
    if (e->to_fd >= 0) {
        static const char quit[] = "quit\n";
        ssize_t w = write(e->to_fd, quit, sizeof quit - 1);
        (void)w; /* a dead engine cannot take it; it is killed below anyway */
    }
    close_fd(&e->to_fd);
    /* Wait for end of output (the engine and everything that inherited its stdout are gone) or the
     * grace period, reading and dropping what it still says. */
    double deadline = now_seconds() + STOP_GRACE_SECONDS;
    while (e->from_fd >= 0) {
        double left = deadline - now_seconds();
        if (left <= 0) break;
        struct pollfd pfd = {.fd = e->from_fd, .events = POLLIN};
        int r = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        char sink[4096];
        ssize_t n = read(e->from_fd, sink, sizeof sink);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
    }
    close_fd(&e->from_fd);
    /* The process is not reaped yet, so its id still names its group: no other process can be hit.
     */
    kill(-e->pid, SIGKILL);
    kill(e->pid, SIGKILL);
    unregister_group(e->pid);
    while (waitpid(e->pid, NULL, 0) < 0 && errno == EINTR) {
    }
    e->pid = 0;
    e->buf_start = e->buf_end = 0;
}

/* Write all of text. Returns false if the engine cannot be written to. */
static bool write_all(int fd, const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        text += n;
        len -= (size_t)n;
    }
    return true;
}

/* Read one line (without LF and a trailing CR) into line (cap bytes, truncated; *len is the
 * length kept). *total counts every byte consumed, for the answer size limit. */
static match_gtp_status_t read_line(match_engine_t *e, double deadline, char *line, size_t cap,
                                    size_t *len, size_t *total)
{
    *len = 0;
    for (;;) {
        while (e->buf_start < e->buf_end) {
            char ch = e->buf[e->buf_start++];
            (*total)++;
            if (ch == '\n') {
                if (*len > 0 && line[*len - 1] == '\r') (*len)--;
                line[*len] = '\0';
                return MATCH_GTP_OK;
            }
            if (*len + 1 < cap) line[(*len)++] = ch;
            if (*total > MATCH_ENGINE_MAX_ANSWER) return MATCH_GTP_GARBAGE;
        }
        double left = deadline > 0 ? deadline - now_seconds() : 0;
        if (deadline > 0 && left <= 0) return MATCH_GTP_TIMEOUT;
        struct pollfd pfd = {.fd = e->from_fd, .events = POLLIN};
        int r = poll(&pfd, 1, deadline > 0 ? (int)(left * 1000) + 1 : -1);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return MATCH_GTP_DEAD;
        if (r == 0) continue; /* the deadline test above decides */
        ssize_t n = read(e->from_fd, e->buf, sizeof e->buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return MATCH_GTP_DEAD;
        e->buf_start = 0;
        e->buf_end = (size_t)n;
    }
}

static bool is_blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t') return false;
    return true;
}

match_gtp_status_t match_engine_send(match_engine_t *e, const char *command, double timeout,
                                     char *answer, size_t answer_len)
{
    if (answer && answer_len > 0) answer[0] = '\0';
    if (e->pid <= 0 || e->to_fd < 0 || e->from_fd < 0) return MATCH_GTP_DEAD;
    size_t clen = strlen(command);
    if (!write_all(e->to_fd, command, clen) || !write_all(e->to_fd, "\n", 1)) return MATCH_GTP_DEAD;
    double deadline = timeout > 0 ? now_seconds() + timeout : 0;
    char line[4096];
    size_t len = 0, total = 0, kept = 0;
    match_gtp_status_t s;
    /* Empty lines before the answer are tolerated (some engines add one). */
    do {
        s = read_line(e, deadline, line, sizeof line, &len, &total);
        if (s != MATCH_GTP_OK) return s;
    } while (is_blank(line));
    if (line[0] != '=' && line[0] != '?') return MATCH_GTP_GARBAGE;
    bool success = line[0] == '=';
    size_t i = 1;
    while (line[i] >= '0' && line[i] <= '9') /* an id we never send; skip it all the same */
        i++;
    if (line[i] == ' ' || line[i] == '\t') i++;
    for (;;) {
        const char *text = line + i;
        size_t tlen = strlen(text);
        if (answer && answer_len > 0) {
            if (kept > 0 && kept + 1 < answer_len) answer[kept++] = '\n';
            size_t room = answer_len - 1 - kept;
            size_t n = tlen < room ? tlen : room;
            memcpy(answer + kept, text, n);
            kept += n;
            answer[kept] = '\0';
        }
        s = read_line(e, deadline, line, sizeof line, &len, &total);
        if (s != MATCH_GTP_OK) return s;
        if (len == 0) break; /* the empty line that ends every answer */
        i = 0;
    }
    return success ? MATCH_GTP_OK : MATCH_GTP_FAILURE;
}

/* Ask `known_command name`: *yes only for a clear "true". An engine that refuses
 * known_command knows nothing optional; only a broken engine gives a status other than OK or
 * FAILURE. */
static match_gtp_status_t knows(match_engine_t *e, const char *command, double timeout, bool *yes)
{
    char line[160], answer[64];
    snprintf(line, sizeof line, "known_command %s", command);
    match_gtp_status_t s = match_engine_send(e, line, timeout, answer, sizeof answer);
    *yes = s == MATCH_GTP_OK && !strcmp(answer, "true");
    return s == MATCH_GTP_FAILURE ? MATCH_GTP_OK : s;
}

/* Keep printable ASCII and UTF-8 bytes of an engine's self-description, spaces for the rest. */
static void clean_text(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) *s = ' ';
}

bool match_engine_start(match_engine_t *e, double timeout, char *err, size_t err_len)
{
    match_engine_stop(e);
    if (!spawn(e, err, err_len)) return false;
    char name[MATCH_ENGINE_NAME_LEN], version[MATCH_ENGINE_NAME_LEN];
    match_gtp_status_t s = match_engine_send(e, "name", timeout, name, sizeof name);
    if (s != MATCH_GTP_OK) {
        snprintf(err, err_len, "engine '%s' %s at its first command (name)%s%s", e->command,
                 s == MATCH_GTP_FAILURE ? "refused `name`" : match_gtp_status_text(s),
                 e->log_path ? "; see " : "", e->log_path ? e->log_path : "");
        match_engine_stop(e);
        return false;
    }
    if (match_engine_send(e, "version", timeout, version, sizeof version) != MATCH_GTP_OK)
        version[0] = '\0';
    clean_text(name);
    clean_text(version);
    if (!name[0]) snprintf(name, sizeof name, "%s", e->command);
    /* Truncation of a long name is fine. */
    int w = snprintf(e->name, sizeof e->name, "%.63s%s%.63s", name, version[0] ? " " : "", version);
    (void)w;
    match_gtp_status_t ks = knows(e, "kgs-rules", timeout, &e->knows_kgs_rules);
    if (ks == MATCH_GTP_OK) ks = knows(e, "final_score", timeout, &e->knows_final_score);
    if (ks == MATCH_GTP_OK) ks = knows(e, "time_settings", timeout, &e->knows_time_settings);
    if (ks != MATCH_GTP_OK) {
        snprintf(err, err_len, "engine '%s' %s during start-up (known_command)", e->command,
                 match_gtp_status_text(ks));
        match_engine_stop(e);
        return false;
    }
    return true;
}
