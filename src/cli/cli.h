/* cli.h - the subcommands of the tengen program; each parses its own arguments and returns an
 * exit status. main.c only dispatches. */
#ifndef TENGEN_CLI_H
#define TENGEN_CLI_H

int cli_gtp(int argc, char **argv);   /* tengen gtp [options]: GTP v2 on stdin/stdout */
int cli_bench(int argc, char **argv); /* tengen bench [search|playouts] [options] */
int cli_play(int argc, char **argv);  /* tengen play: terminal game */
int cli_solve(int argc, char **argv); /* tengen solve: exact small-board solver (alpha-beta) */
int cli_book(int argc, char **argv);  /* tengen book: a proof book, checked or extended */
int cli_match(int argc, char **argv); /* tengen match: two GTP engines, refereed */
int cli_selfplay(int argc, char **argv); /* tengen selfplay: the engine against itself, to SGF */
int cli_web(int argc, char **argv);
int cli_learn(int argc, char **argv); /* tengen learn [eval]: the move model from game records */   /* tengen web: the web game's server (docs/web.md) */
/* tengen audit-ownership: the MCTS ownership against perfect play at the end of self-play games */
int cli_audit_ownership(int argc, char **argv);

#endif
