/* cli_match.c - placeholder until the subcommand lands. */
#include <stdio.h>

#include "cli/cli.h"

int cli_match(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tengen match: not built yet\n");
    return 1;
}
