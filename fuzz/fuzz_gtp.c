/* fuzz_gtp.c - libFuzzer target: a whole GTP session. The input is the bytes a controller sends;
 * each line (up to an LF) goes through gtp_execute_line of one fresh engine, as `tengen gtp` reads
 * them, and each must be answered exactly once: nothing for an empty or comment line, else one
 * answer that starts with '=' or '?' and ends at its first blank line. A wrong reply aborts.
 *
 * The engine searches a handful of playouts per genmove so that sessions stay fast. Disabled
 * (answered "? disabled in the fuzzer"): commands that reach outside the engine, loadsgf and
 * printsgf (files; fuzz_sgf covers the SGF path) and the streaming analyses (a thread answering
 * until the next line); and final_score and final_status_list, whose dead stones by perfect play
 * take about a second on small boards (tests/test_ab_final.c covers them). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtp/gtp.h"

/* At most this many lines of a session are run: a long one adds time, not coverage. */
#define FUZZ_GTP_MAX_LINES 200

static gtp_result_t cmd_disabled(gtp_t *gtp, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return gtp_error(gtp, "disabled in the fuzzer");
}

/* One reply: empty, or "=..." / "?..." ending with the first "\n\n". */
static int reply_is_one_answer(const char *out, size_t len)
{
    if (len == 0)
        return 1;
    if (out[0] != '=' && out[0] != '?')
        return 0;
    const char *end = strstr(out, "\n\n");
    return end != NULL && (size_t)(end - out) + 2 == len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rules_t rules;
    rules_preset(&rules, "chinese");
    engine_settings_t settings;
    engine_settings_default(&settings);
    settings.playouts = 16;
    settings.seconds = 0;
    settings.memory_mb = 4;
    settings.threads = 1;
    settings.seed = 1;
    gtp_t *gtp = gtp_new_with_settings(9, &rules, &settings);
    if (gtp == NULL)
        abort();
    static const char *const disabled[] = {
        "loadsgf",          "printsgf",           "lz-analyze",  "kata-analyze",
        "lz-genmove_analyze", "kata-genmove_analyze", "final_score", "final_status_list"};
    for (size_t i = 0; i < sizeof disabled / sizeof disabled[0]; i++)
        gtp_add_command(gtp, disabled[i], cmd_disabled);

    const char *text = (const char *)data;
    size_t pos = 0;
    for (int lines = 0; pos < size && lines < FUZZ_GTP_MAX_LINES; lines++) {
        const char *nl = memchr(text + pos, '\n', size - pos);
        const size_t len = nl ? (size_t)(nl - (text + pos)) : size - pos;
        char *out = NULL;
        size_t out_len = 0;
        FILE *f = open_memstream(&out, &out_len);
        if (f == NULL)
            abort();
        const gtp_result_t r = gtp_execute_line(gtp, text + pos, len, f);
        fclose(f);
        if (!reply_is_one_answer(out, out_len)) {
            fprintf(stderr, "fuzz_gtp: line %d (%.*s) got a reply that is not one answer:\n%s\n",
                    lines + 1, (int)(len < 200 ? len : 200), text + pos, out);
            abort();
        }
        free(out);
        if (r == GTP_QUIT)
            break;
        pos += len + 1;
    }
    gtp_free(gtp);
    return 0;
}
