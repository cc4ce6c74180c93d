/* cli_gtp.c - placeholder until the subcommand lands. */
#include <stdio.h>

#include "cli/cli.h"

int cli_gtp(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tengen gtp: not built yet\n");
    return 1;
}
