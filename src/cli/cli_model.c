/* cli_model.c - finding and loading the move model for the front ends (cli_model.h). */
#include "cli/cli_model.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef TENGEN_DEFAULT_MODEL
#define TENGEN_DEFAULT_MODEL "models/tengen.model"
#endif

/* The process's model: loaded once, freed when the process ends. */
static model_t *loaded;

static bool load(const char *path, const char *command, const model_t **out)
{
    char err[512];
    loaded = model_load(path, err, sizeof err);
    if (!loaded) {
        fprintf(stderr, "tengen %s: cannot use the move model: %s\n", command, err);
        return false;
    }
    *out = loaded;
    return true;
}

/* tengen.model in the folder of the running binary, if the link can be read. */
static bool beside_binary(char *path, size_t len)
{
    char exe[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return false;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash) return false;
    *slash = 0;
    return snprintf(path, len, "%s/tengen.model", exe) < (int)len;
}

bool cli_model_resolve(const char *option, const char *command, const model_t **out)
{
    *out = loaded;
    if (loaded) return true;
    if (option && !strcmp(option, "none")) {
        *out = NULL;
        return true;
    }
    if (option) return load(option, command, out);
    char path[PATH_MAX + 32];
    if (beside_binary(path, sizeof path) && access(path, R_OK) == 0) return load(path, command, out);
    if (access(TENGEN_DEFAULT_MODEL, R_OK) == 0) return load(TENGEN_DEFAULT_MODEL, command, out);
    fprintf(stderr,
            "tengen %s: warning: no move model found (tengen.model beside the binary, or %s); "
            "playing without one\n",
            command, TENGEN_DEFAULT_MODEL);
    *out = NULL;
    return true;
}
