/* train.h - the trainer of tengen's move model (`tengen learn`): a generalised Bradley-Terry model
 * of the move played against every legal move, fitted by Coulom's minorization-maximization (one
 * closed-form update per feature group and iteration), and the evaluation of a model on game
 * records (`tengen learn eval`).
 *
 * Training runs in passes over the records (records.h): a harvest of the spatial patterns of the
 * played moves (those seen at least min_count times form the dictionary), an extraction of the
 * features of every legal move in a sample of the positions, the MM iterations on them in memory
 * (checkpointed after each iteration, so a stopped run resumes), and the same for the playout
 * head on its cheap features. A fixed share of the games, chosen by a hash of the game's name and
 * the seed, is never trained on: the validation split.
 */
#ifndef TENGEN_LEARN_TRAIN_H
#define TENGEN_LEARN_TRAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "tengen/features.h"

typedef struct learn_config {
    const char *const *inputs; /* archives or SGF files */
    int num_inputs;
    const char *out; /* the model file written; OUT.ckpt holds the checkpoint */
    uint64_t seed;
    double validation_percent; /* share of the games kept apart (default 2) */
    double sample;             /* share of the training positions the fit uses (default 0.08) */
    long max_positions;        /* at most this many training positions (default 600,000) */
    long max_validation;       /* validation positions scored at the end (default 20,000) */
    int min_count;             /* a spatial pattern needs this many played moves (default 8) */
    int iterations;            /* MM iterations of the tree head (default 24) */
    bool verbose;              /* progress and ETA on stderr */
    bool tree_groups[FEAT_GROUPS]; /* the feature groups of the tree head (default all but
                                      FEAT_OWNER) */
    bool playout_head;         /* fit the playout head too (default true) */
} learn_config_t;

void learn_config_default(learn_config_t *cfg);

/* Train and write cfg->out. Returns true on success; false with a message in err. */
bool learn_train(const learn_config_t *cfg, char *err, int err_len);

typedef enum learn_split {
    LEARN_SPLIT_ALL,
    LEARN_SPLIT_VALIDATION,
    LEARN_SPLIT_TRAINING
} learn_split_t;

/* True if the game of this name is in the validation split of (seed, percent). */
bool learn_is_validation(const char *game_name, uint64_t seed, double percent);

typedef struct learn_eval_config {
    const char *model;
    const char *const *inputs;
    int num_inputs;
    learn_split_t split;
    uint64_t seed;
    double validation_percent;
    double sample;      /* share of the positions scored (1: all) */
    long max_positions; /* 0: no limit */
    bool verbose;
} learn_eval_config_t;

/* The results of an evaluation: overall and by game phase (moves 1-30, 31-80, 81-150, 151+). */
#define LEARN_PHASES 4
typedef struct learn_eval_result {
    long positions[LEARN_PHASES + 1]; /* [LEARN_PHASES]: all */
    double top1[LEARN_PHASES + 1], top5[LEARN_PHASES + 1], loglik[LEARN_PHASES + 1];
} learn_eval_result_t;

/* Score a model on the records: top-1, top-5 and the mean log-likelihood of the played move.
 * Returns false with a message in err (model or input unreadable). */
bool learn_eval(const learn_eval_config_t *cfg, learn_eval_result_t *out, char *err, int err_len);

/* The first move number of each phase and its name, for printing. */
const char *learn_phase_name(int phase);

#endif
