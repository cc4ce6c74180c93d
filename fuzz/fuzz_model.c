/* fuzz_model.c - libFuzzer target: a move-model file (model.h's text format) as any front end
 * reads it with --model. The input is the file's bytes (model_parse). A model that loads is used
 * as the search and the playouts use it: the policy of both heads on an empty 9x9 board and on
 * a small position must give finite probabilities that sum to 1. A broken check aborts. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tengen/model.h"

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_model: %s\n", what);
        abort();
    }
}

static void check_policy(const model_t *m, const board_t *b, stone_t c, int last)
{
    int points[BOARD_MAX_POINTS + 1];
    float probs[BOARD_MAX_POINTS + 1];
    /* An ownership spread over [-1, 1], so the owner group's every value is read. */
    float owner[BOARD_MAX_POINTS];
    for (int p = 0; p < BOARD_MAX_POINTS; p++)
        owner[p] = (float)(p * 37 % 21 - 10) / 10.0f;
    for (int h = 0; h < MODEL_HEADS; h++) {
        const int n = model_policy(m, (model_head_t)h, b, c, last, POINT_NONE, h ? NULL : owner,
                                   points, probs);
        check(n > 0, "no move in the policy");
        double sum = 0;
        for (int i = 0; i < n; i++) {
            check(isfinite(probs[i]) && probs[i] >= 0, "a probability is not a number in [0, 1]");
            sum += probs[i];
        }
        check(fabs(sum - 1) < 1e-3, "the probabilities do not sum to 1");
    }
    if (model_playout_reference(m) <= 0 || !isfinite(model_playout_reference(m)))
        check(0, "the playout reference is not a positive number");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[256];
    model_t *m = model_parse((const char *)data, size, "fuzz", err, (int)sizeof err);
    if (m == NULL)
        return 0;
    board_t b;
    board_init(&b, 9, false);
    check_policy(m, &b, STONE_BLACK, POINT_NONE);
    const int stones[][3] = {{2, 2, STONE_BLACK}, {3, 2, STONE_WHITE}, {2, 3, STONE_WHITE},
                             {4, 4, STONE_BLACK}, {3, 3, STONE_BLACK}, {1, 2, STONE_WHITE}};
    int last = POINT_NONE;
    for (size_t i = 0; i < sizeof stones / sizeof stones[0]; i++) {
        last = board_point(&b, stones[i][0], stones[i][1]);
        board_setup(&b, last, (stone_t)stones[i][2]);
    }
    check_policy(m, &b, STONE_BLACK, last);
    model_free(m);
    return 0;
}
