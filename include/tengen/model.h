/* model.h - tengen's learned move model: a generalised Bradley-Terry model over the move features
 * of features.h (Coulom 2007). Every value of every feature group has a strength gamma; a move's
 * strength is the product of its features' gammas; its probability is its strength over the sum
 * of the strengths of every legal move (pass included).
 *
 * A model has two heads, fitted separately by the trainer: MODEL_TREE uses every group (the
 * priors of tree search, `tengen-policy`), MODEL_PLAYOUT only the cheap ones (pat3, capture,
 * self-atari) for the playouts. A group a head does not use, or a value the file does not list,
 * has gamma 1.
 *
 * The file is versioned text (docs/learn.md): "tengen-model 1", then for each head its groups
 * and their "value gamma" lines, then "end". Loading checks everything and answers a clear error
 * naming the file and line for a missing, truncated or foreign file; it never crashes.
 */
#ifndef TENGEN_MODEL_H
#define TENGEN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tengen/board.h"
#include "tengen/features.h"

#define MODEL_FORMAT_VERSION 1

typedef enum model_head {
    MODEL_TREE,
    MODEL_PLAYOUT,
    MODEL_HEADS
} model_head_t;

typedef struct model model_t;

/* An empty model: every gamma 1, no group used. NULL if out of memory. */
model_t *model_new(void);
void model_free(model_t *m);

/* Read a model file; NULL with a message naming the file (and line) in err. */
model_t *model_load(const char *path, char *err, int err_len);
/* The same from text in memory; name is used in messages. */
model_t *model_parse(const char *text, size_t len, const char *name, char *err, int err_len);
/* Write m to path atomically (a temporary file renamed over it). */
bool model_save(const model_t *m, const char *path, char *err, int err_len);

/* A free-text description kept in the file's header as comment lines (trainer, data, results). */
void model_set_description(model_t *m, const char *text);
const char *model_description(const model_t *m);

/* Building. value is the feature value as features.h gives it (FEAT_PAT3: the canonical key + 1);
 * for FEAT_SPATIAL use model_add_spatial. Returns false for a value out of range, a gamma not in
 * (0, 1e30] (the file's bound) or no memory. */
bool model_set_gamma(model_t *m, model_head_t h, feature_group_t g, uint32_t value, float gamma);
bool model_add_spatial(model_t *m, model_head_t h, uint64_t hash, float gamma);
/* Mark a group as used by a head (model_set_gamma does it too). */
void model_use_group(model_t *m, model_head_t h, feature_group_t g);
bool model_uses_group(const model_t *m, model_head_t h, feature_group_t g);
/* Number of spatial patterns of a head. */
long model_spatial_count(const model_t *m, model_head_t h);

/* Reading one gamma back (tests, tools): 1 for anything not set. */
float model_get_gamma(const model_t *m, model_head_t h, feature_group_t g, uint32_t value);
/* The gamma of the largest of the spatial hashes found in the head's dictionary (1 if none), and
 * its index into spatial[] through *size_index (-1 if none). */
float model_spatial_gamma(const model_t *m, model_head_t h, const uint64_t spatial[SPATIAL_SIZES],
                          int *size_index);

/* The strength of the move p (a legal point or POINT_PASS) of the context's player. Its spatial
 * pattern is the largest of the sizes found from the smallest up to the first one missing: for a
 * trained dictionary, where every pattern's smaller ones are present too, that is
 * model_spatial_gamma's largest one. */
float model_move_gamma(const model_t *m, model_head_t h, const feature_context_t *ctx, int p);
/* The playout head's strength of the point p for c, from its raw pat3 key and the cheap tactics
 * (no context needed). p must be empty. */
float model_playout_gamma(const model_t *m, const board_t *b, stone_t c, int p);

/* The playout head's gamma of a move with eight empty neighbours and no tactics: the strength of
 * a move in open space, the playouts' reference. */
float model_playout_reference(const model_t *m);

/* The probabilities of every legal move of c (simple ko; own true eyes included; pass included)
 * under head h, most probable first: writes the moves to points[] and their probabilities to
 * probs[] (each BOARD_MAX_POINTS + 1 long) and returns how many. owner is black's ownership of
 * every point for FEAT_OWNER (feature_context_t), or NULL. */
int model_policy(const model_t *m, model_head_t h, const board_t *b, stone_t c, int last, int last2,
                 const float *owner, int *points, float *probs);

#endif
