/* main.c - the tengen program: dispatch to a subcommand. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "tengen/version.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: tengen <command> [options]\n"
                 "       tengen --version\n"
                 "commands:\n"
                 "  gtp      speak GTP v2 on stdin/stdout (tengen gtp --help)\n"
                 "  play     play a game in the terminal\n"
                 "  bench    search and playout benchmarks (tengen bench --help)\n"
                 "  solve    solve a small board exactly (tengen solve --help)\n"
                 "  book     a proof too large for one run, in parts (tengen book --help)\n"
                 "  match    play two GTP engines against each other (tengen match --help)\n"
                 "  selfplay games of tengen against itself to SGF (tengen selfplay --help)\n"
                 "  learn    train the move model from game records (tengen learn --help)\n"
                 "  web      play in a browser: the web game's server (tengen web --help)\n"
                 "  audit-ownership  the MCTS ownership against perfect play at the end of\n"
                 "           self-play games (tengen audit-ownership --help)\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("tengen %s\n", TENGEN_VERSION);
        return 0;
    }
    if (!strcmp(argv[1], "gtp")) return cli_gtp(argc - 1, argv + 1);
    if (!strcmp(argv[1], "bench")) return cli_bench(argc - 1, argv + 1);
    if (!strcmp(argv[1], "play")) return cli_play(argc - 1, argv + 1);
    if (!strcmp(argv[1], "solve")) return cli_solve(argc - 1, argv + 1);
    if (!strcmp(argv[1], "book")) return cli_book(argc - 1, argv + 1);
    if (!strcmp(argv[1], "match")) return cli_match(argc - 1, argv + 1);
    if (!strcmp(argv[1], "selfplay")) return cli_selfplay(argc - 1, argv + 1);
    if (!strcmp(argv[1], "learn")) return cli_learn(argc - 1, argv + 1);
    if (!strcmp(argv[1], "web")) return cli_web(argc - 1, argv + 1);
    if (!strcmp(argv[1], "audit-ownership")) return cli_audit_ownership(argc - 1, argv + 1);
    fprintf(stderr, "tengen: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
