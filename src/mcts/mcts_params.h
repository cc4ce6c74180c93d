/* mcts_params.h - every tuning constant of the tree search, in one place, with what it does.
 *
 * Priors are "virtual games" given to a new node: PRIOR_X visits that are all wins (a bonus) or
 * all losses (a penalty), added on top of the even-game prior. They decide where the first
 * playouts go and fade as real visits accumulate. Most values follow michi-c (Petr Baudis's
 * compact engine, itself after Pachi), adapted to our simpler features.
 */
#ifndef TENGEN_MCTS_PARAMS_H
#define TENGEN_MCTS_PARAMS_H

/* ---- selection ---- */

/* RAVE/AMAF blend (michi's form of Gelly and Silver's minimum-MSE schedule). For a child with n
 * visits (priors included) and winrate v, and a AMAF visits with AMAF winrate r:
 *     beta  = a / (a + n + n * a / MCTS_RAVE_EQUIV)
 *     value = (1 - beta) * v + beta * r
 * MCTS_RAVE_EQUIV is the number of visits at which AMAF and real statistics weigh about the same;
 * below it AMAF dominates, far above it the real winrate does. With the move model's priors
 * (which count in n), 1000 beat 3500 against Pachi at 2,000 playouts on both opening sets, and
 * 500 beat 1000 at 10,000 playouts (docs/strength.md): AMAF had kept young children whose real
 * results were worse in front. */
#define MCTS_RAVE_EQUIV 500.0
/* UCB exploration term c * sqrt(ln(N) / n) added to the value. RAVE and the priors already spread
 * the visits, so none is used, as in Pachi's default ucb1amaf policy: against 0.05 (michi's
 * choice, and formerly ours) it scored 64% in self-play at 2,000 playouts
 * (docs/strength.md). Kept as a knob for experiments. */
#define MCTS_UCB_C 0.0
/* The move played: the most visited (MCTS_FINAL_LCB_Z 0), or of the moves with at least
 * MCTS_FINAL_LCB_VISITS of its visits the one with the highest lower confidence bound of the win
 * rate, w - z sqrt(w (1 - w) / n) (KataGo chooses its move this way). */
#ifndef MCTS_FINAL_LCB_Z
#define MCTS_FINAL_LCB_Z 0.0
#endif
#define MCTS_FINAL_LCB_VISITS 0.15
/* A tree is reused for the next search only if its statistics were judged with a komi offset
 * (dynamic komi) at most this many points away: the linear dynamic komi moves by a fraction of a
 * point a move, while an analysis (no offset) after a genmove with a large one would read
 * statistics of another game. */
#define MCTS_REUSE_KOMI_DRIFT 1.0
/* A leaf is expanded (children created) once it has this many real visits; before that its
 * playouts start from it. Saves memory and time on nodes visited once. */
#define MCTS_EXPAND_VISITS 8

/* ---- priors of new nodes (in virtual games) ---- */

/* Even-game prior: every move starts as PRIOR_EVEN games at 50%. */
#define PRIOR_EVEN 10
/* Capturing one stone, capturing two or more: wins. */
#define PRIOR_CAPTURE_ONE 15
#define PRIOR_CAPTURE_MANY 30
/* Saving an own string in atari (capturing a neighbour or extending to two or more liberties). */
#define PRIOR_ESCAPE 20
/* Extending an own string in atari that a ladder catches anyway: losses. */
#define PRIOR_LADDERED 20
/* An atari that catches an opponent string in a ladder: wins. */
#define PRIOR_LADDER_ATTACK 20
/* A move matching a 3x3 pattern (pattern3.h): wins, as michi's PRIOR_PAT3. */
#define PRIOR_PATTERN 10
/* A self-atari that captures nothing: losses. Larger strings are worse. */
#define PRIOR_SELF_ATARI 10
#define PRIOR_SELF_ATARI_BIG 30
/* A snapback throw-in (tactics_is_snapback): a self-atari that wins the taker back, wins. */
#define PRIOR_SNAPBACK 30
/* Closeness to the previous move, by Manhattan distance 1, 2, 3 (a stand-in for michi's
 * common-fate-graph distance, which treats a whole string as one point): wins. */
#define PRIOR_NEAR_1 24
#define PRIOR_NEAR_2 22
#define PRIOR_NEAR_3 8
/* Moves in an empty area (no stone within Manhattan distance MCTS_EMPTY_AREA_DIST): losses on the
 * first two lines, wins on the third. The usual opening knowledge on small boards. */
#define PRIOR_EMPTY_AREA 10
#define MCTS_EMPTY_AREA_DIST 3
/* Pass: a prior that makes it unattractive until real playouts say otherwise (a pass scores as
 * Tromp-Taylor after two passes in the tree, so passing early loses in the playouts anyway). */
#define PRIOR_PASS_LOSSES 10

/* With a learned model (mcts_config_t.model) the hand-set priors above give way to the model's:
 * a move of probability p gets PRIOR_MODEL_WINS * sqrt(p) virtual wins on top of PRIOR_EVEN
 * (Pachi's pattern prior has this shape). */
#define PRIOR_MODEL_WINS 100.0f

/* ---- threads ---- */

/* Virtual loss: while a thread descends through a node, the node counts this many extra lost
 * games per such thread in selection (the virtual loss is taken back in backup), so that threads
 * running at the same time spread over different lines instead of all following the best one.
 * 1 is the classic value, a few are common with RAVE, whose AMAF term (not touched by virtual
 * loss) dominates the value of young nodes. 1, 3 and 8 were indistinguishable over 100 games of two
 * threads against one at equal playouts (docs/strength.md). */
#define MCTS_VIRTUAL_LOSS 3

/* ---- search control ---- */

/* The report callback is called every this many playouts (and at the end). */
#define MCTS_REPORT_INTERVAL 1000
/* mcts_set_poll's function is called every this many simulations (it keeps its own clock). */
#define MCTS_POLL_INTERVAL 64
/* mcts_set_sync's function is called every this many simulations while the search runs (it keeps
 * its own clock; a sync every 100 ms is 1,000 to 3,000 simulations on 9x9). */
#define MCTS_SYNC_POLL_INTERVAL 16
/* Longest move sequence kept for AMAF: tree path plus playout. Longer playouts are cut. */
#define MCTS_MAX_SEQUENCE 2048

#endif
