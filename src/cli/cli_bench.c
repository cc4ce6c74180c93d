/* cli_bench.c - placeholder until the subcommand lands. */
#include <stdio.h>

#include "cli/cli.h"

int cli_bench(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tengen bench: not built yet\n");
    return 1;
}
