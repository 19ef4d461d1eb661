/*
 * main.c: bezique-engine, a Bézique engine speaking the protocol of
 * protocol.md on its standard input and output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bzp.h"
#include "session.h"
#include "version.h"

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: bezique-engine [--level random|greedy|club|strong] "
	    "[--seed N] [--log FILE]\n"
	    "Speaks the Bezique protocol (protocol.md) on stdin/stdout.\n"
	    "  --level L   playing level: random, greedy, club (greedy's "
	    "rules and a\n"
	    "              strong player's: sequences kept, declarations "
	    "denied,\n"
	    "              brisques guarded) or strong (search: 100 ms a "
	    "decision\n"
	    "              unless the clocks or the Playouts and MoveTime "
	    "options say\n"
	    "              otherwise); default greedy\n"
	    "  --seed N    seed for the engine's own randomness (default 0)\n"
	    "  --log FILE  write diagnostics to FILE ('-' for stderr; "
	    "default none)\n"
	    "  --version   print the version\n"
	    "example:\n"
	    "  printf 'bzp\\nisready\\nquit\\n' | bezique-engine "
	    "--level strong\n");
}

static int
bad_flag(const char *what, const char *arg)
{
	fprintf(stderr, "bezique-engine: %s '%s' (see --help)\n", what, arg);
	return 2;
}

int
main(int argc, char **argv)
{
	struct session_options opt = { LEVEL_GREEDY, 0, NULL, 100, 0, 0,
	    STRONG_TREE_FROM_MS };
	long long n;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(a, "--version") == 0) {
			printf("bezique-engine %s\n", BEZIQUE_VERSION);
			return 0;
		}
		if (strcmp(a, "--level") != 0 && strcmp(a, "--seed") != 0 &&
		    strcmp(a, "--log") != 0)
			return bad_flag("unknown option", a);
		if (v == NULL)
			return bad_flag("missing value for", a);
		i++;
		if (strcmp(a, "--level") == 0 && level_parse(v, &opt.level) < 0)
			return bad_flag("unknown level", v);
		if (strcmp(a, "--seed") == 0) {
			if (bzp_parse_int(v, 0, 4294967295LL, &n) < 0)
				return bad_flag("bad seed", v);
			opt.seed = (unsigned long)n;
		}
		if (strcmp(a, "--log") == 0)
			opt.log_path = v;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	return session_run(stdin, stdout, &opt);
}
