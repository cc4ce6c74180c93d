/* replay_main.c - runs a fuzz target (LLVMFuzzerTestOneInput) over files, without libFuzzer: the
 * corpus replay of CTest, in every build (gcc, ASan+UBSan, clang), so that every input in
 * fuzz/corpus stays a regression test.
 *
 * usage: fuzz_replay_NAME PATH...   (a directory: every regular file in it, in name order)
 * Exits 0 when every input ran; a failing check aborts, naming the file on stderr first. */
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *data = malloc(cap);
    size_t got;
    while (data != NULL && (got = fread(data + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *grown = realloc(data, cap *= 2);
            if (grown == NULL)
                free(data);
            data = grown;
        }
    }
    fclose(f);
    if (data == NULL) {
        fprintf(stderr, "out of memory for %s\n", path);
        return 1;
    }
    fprintf(stderr, "%s\n", path);
    LLVMFuzzerTestOneInput(data, len);
    free(data);
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir, int *count)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "cannot read %s\n", dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (grown == NULL)
                break;
            names = grown;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (names[n] == NULL)
            break;
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, compare_names);
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            failures += run_file(names[i]);
            (*count)++;
        }
        free(names[i]);
    }
    free(names);
    return failures;
}

int main(int argc, char **argv)
{
    int failures = 0, count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            failures += run_dir(argv[i], &count);
        } else {
            failures += run_file(argv[i]);
            count++;
        }
    }
    printf("%d inputs replayed, %d could not be read\n", count, failures);
    return failures != 0 || count == 0;
}
