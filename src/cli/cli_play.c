/* cli_play.c - placeholder until the subcommand lands. */
#include <stdio.h>

#include "cli/cli.h"

int cli_play(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tengen play: not built yet\n");
    return 1;
}
