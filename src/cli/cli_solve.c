/* cli_solve.c - placeholder until the subcommand lands. */
#include <stdio.h>

#include "cli/cli.h"

int cli_solve(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tengen solve: not built yet\n");
    return 1;
}
