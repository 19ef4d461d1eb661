/*
 * main.c: bezique-arbiter, the match and tournament runner for Bézique
 * engines (README.md, protocol.md).
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "config.h"
#include "match.h"
#include "rate.h"
#include "show.h"
#include "tournament.h"
#include "verify.h"

static void
usage(FILE *f)
{
	fputs("usage: bezique-arbiter COMMAND [ARGS]\n"
	    "commands:\n"
	    "  match -e CMD -e CMD [flags]   play deals between two engines\n"
	    "  tournament FILE [flags]       round robin or gauntlet (INI file)\n"
	    "  verify FILE...                replay records and check them\n"
	    "  rate FILE...                  standings of record files (shards)\n"
	    "  check ENGINE...               conformance check for bot writers\n"
	    "  show FILE [--seat S] [--deal N]  records in readable form\n"
	    "  help                          this text\n"
	    "flags of match:\n", f);
	config_usage(f);
}

static int
cmd_match(int argc, char **argv)
{
	struct match_cfg cfg;
	int rc;

	config_defaults(&cfg);
	if (config_parse_match(&cfg, argc, argv) < 0) {
		config_free(&cfg);
		return 2;
	}
	rc = match_run(&cfg, argc, argv);
	config_free(&cfg);
	return rc;
}

int
main(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "help") == 0 ||
	    strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "match") == 0)
		return cmd_match(argc - 2, argv + 2);
	if (strcmp(argv[1], "verify") == 0)
		return verify_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "rate") == 0)
		return rate_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "tournament") == 0)
		return tournament_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "show") == 0)
		return show_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "check") == 0)
		return check_main(argc - 2, argv + 2, argv[0]);
	fprintf(stderr, "bezique-arbiter: unknown command '%s' (try "
	    "'bezique-arbiter help')\n", argv[1]);
	return 2;
}
