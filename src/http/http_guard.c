/* http_guard.c - what a request must show before the web server serves it, against the two
 * ways a web page from elsewhere can reach a server on this computer through the browser:
 * DNS rebinding (a name of the attacker's that resolves to 127.0.0.1: the browser then sends
 * that name as Host) and cross-site requests (a form or a script of another site posting to
 * 127.0.0.1: the browser sends that site as Origin, and a form cannot send a JSON content type).
 *
 * Only looks at header values; knows no HTTP library (http_server.c passes them) and no game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http/http_internal.h"

/* Split a Host value ("127.0.0.1:8750", "[::1]:8750", "localhost") into the name and the port
 * (-1 when none is given). False if it is not of that shape. */
static bool split_host(const char *host, char *name, size_t len, long *port)
{
    const char *colon;
    if (host[0] == '[') {
        const char *close = strchr(host, ']');
        if (!close || (close[1] != ':' && close[1] != '\0')) return false;
        colon = close + 1;
    } else {
        colon = strchr(host, ':');
        if (!colon) colon = host + strlen(host);
        if (strchr(colon + (*colon ? 1 : 0), ':')) return false;
    }
    const size_t n = (size_t)(colon - host);
    if (n == 0 || n >= len) return false;
    memcpy(name, host, n);
    name[n] = '\0';
    *port = -1;
    if (!*colon) return true;
    const char *digits = colon + 1;
    const size_t k = strlen(digits);
    if (k == 0 || k > 5 || strspn(digits, "0123456789") != k) return false;
    *port = strtol(digits, NULL, 10);
    return true;
}

/* Does the Host value name this server: localhost, 127.0.0.1, [::1] or the --host address, with
 * the port listened on if a port is given? */
static bool is_own_host(const web_t *w, const char *host)
{
    char name[300];
    long port;
    if (!split_host(host, name, sizeof name, &port)) return false;
    if (port >= 0 && port != w->port) return false;
    static const char *const LOCAL[] = {"localhost", "127.0.0.1", "[::1]"};
    for (size_t i = 0; i < sizeof LOCAL / sizeof LOCAL[0]; i++)
        if (!strcasecmp(name, LOCAL[i])) return true;
    return w->host_name[0] && !strcasecmp(name, w->host_name);
}

/* Is the Origin the page of the server the browser sent this request to (http or https, the
 * Host value as it was sent)? "null" (sandboxed frames, files) is not. */
static bool is_same_origin(const char *origin, const char *host)
{
    if (!host) return false;
    const char *rest = !strncasecmp(origin, "http://", 7)    ? origin + 7
                       : !strncasecmp(origin, "https://", 8) ? origin + 8
                                                             : NULL;
    return rest && !strcasecmp(rest, host);
}

/* The media type of a Content-Type value is application/json (parameters such as charset are
 * allowed). */
static bool is_json_type(const char *type)
{
    static const char JSON[] = "application/json";
    while (*type == ' ' || *type == '\t')
        type++;
    if (strncasecmp(type, JSON, sizeof JSON - 1)) return false;
    const char *end = type + sizeof JSON - 1;
    while (*end == ' ' || *end == '\t')
        end++;
    return *end == '\0' || *end == ';';
}

bool web_guard_request(const web_t *w, const char *method, const char *host, const char *origin,
                       const char *content_type, size_t body_len, web_reply_t *r)
{
    if (w->loopback && host && !is_own_host(w, host)) {
        web_error(r, 403, "bad host",
                  "This server answers only to its own address (Host: %.80s is not 127.0.0.1:%d "
                  "nor localhost:%d).",
                  host, w->port, w->port);
        return false;
    }
    const bool changes = !strcmp(method, "POST") || !strcmp(method, "DELETE");
    if (changes && origin && !is_same_origin(origin, host)) {
        web_error(r, 403, "bad origin",
                  "Requests from other web pages are refused (Origin: %.80s).", origin);
        return false;
    }
    if (!strcmp(method, "POST") && body_len > 0 && (!content_type || !is_json_type(content_type))) {
        web_error(r, 415, "not json",
                  "A request body must be JSON, sent with Content-Type: application/json.");
        return false;
    }
    return true;
}
