/*
 * main.c: bezique-arbiter, the match and tournament runner for Bézique
 * engines (README.md, doc/matches.md, protocol.md).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "check.h"
#include "record/export.h"
#include "base/config.h"
#include "rating/sprt.h"
#include "help.h"
#include "luck.h"
#include "match/deck_guard.h"
#include "match/match.h"
#include "match/naming.h"
#include "match/outputs.h"
#include "net/seats.h"
#include "play/play.h"
#include "rating/luck_verify.h"
#include "rating/rate.h"
#include "match/seed.h"
#include "base/cmdline.h"
#include "play/serve.h"
#include "record/show.h"
#include "tournament.h"
#include "record/verify.h"

/*
 * Why --adjusted cannot be had with this match, or NULL: the adjusted
 * scores exist for the deals whose luck is measured (doc/luck.md), and
 * normalised Elo is relative to the raw scores' spread.
 */
static const char *
adjusted_refused(const struct match_cfg *c, enum sprt_model model)
{
	if (model != SPRT_LOGISTIC)
		return "--adjusted decides on logistic Elo (normalized Elo is "
		    "relative to the raw scores' spread)";
	if (c->no_luck)
		return "--adjusted needs the luck that --no-luck leaves out";
	if (luck_unmeasured(&c->rules) != NULL || c->rules.players != 2)
		return "--adjusted decides on games of two seats (not "
		    "three-hand, whose games are three results of two)";
	return NULL;
}

/*
 * sprt: a match that stops when a sequential probability ratio test on
 * the duplicate pairs accepts H0 or H1 (fastchess's model and bounds),
 * or with --adjusted on the scores less the luck (doc/luck.md).
 * The SPRT flags are taken out; the rest are match's.
 */
static int
cmd_sprt(int argc, char **argv)
{
	struct match_cfg cfg;
	struct sprt s;
	double alpha = 0.05, beta = 0.05, elo0 = 0, elo1 = 10, *p;
	enum sprt_model model = SPRT_LOGISTIC;
	const char *why = NULL;
	char **rest = calloc((size_t)argc + 1, sizeof(char *)), *end;
	int nrest = 0, rc = 2;
	bool deals_given = false, adjusted = false;

	if (rest == NULL)
		return 1;
	for (int i = 0; i < argc; i++) {
		const char *f = argv[i];
		p = strcmp(f, "--alpha") == 0 ? &alpha : strcmp(f, "--beta") ==
		    0 ? &beta : strcmp(f, "--elo0") == 0 ? &elo0 :
		    strcmp(f, "--elo1") == 0 ? &elo1 : NULL;
		if (p != NULL && i + 1 < argc) {
			*p = strtod(argv[++i], &end);
			if (*end != '\0' || end == argv[i]) {
				fprintf(stderr, "bezique-arbiter: %s: not a "
				    "number '%s'\n", f, argv[i]);
				goto out;
			}
		} else if (strcmp(f, "--model") == 0 && i + 1 < argc) {
			if (sprt_model_parse(argv[++i], &model) < 0) {
				fprintf(stderr, "bezique-arbiter: --model: "
				    "logistic or normalized, not '%s'\n", argv[i]);
				goto out;
			}
		} else if (strcmp(f, "--adjusted") == 0) {
			adjusted = true;
		} else {
			deals_given |= strcmp(f, "-n") == 0 ||
			    strcmp(f, "--deals") == 0;
			rest[nrest++] = argv[i];
		}
	}
	if (sprt_init(&s, alpha, beta, elo0, elo1, model, &why) < 0) {
		fprintf(stderr, "bezique-arbiter: sprt: %s\n", why);
		goto out;
	}
	config_defaults(&cfg);
	/* Without -n the test runs until it decides (up to a million). */
	cfg.deals = 1000000;
	if (config_parse_match(&cfg, nrest, rest) == 0) {
		if (!deals_given)
			cfg.deals = 1000000;
		cfg.sprt = &s;
		cfg.sprt_adjusted = adjusted;
		if (adjusted && (why = adjusted_refused(&cfg, model)) != NULL)
			fprintf(stderr, "bezique-arbiter: sprt: %s\n", why);
		else if (net_seats_name(&cfg) == 0 &&
		    deck_guard_remote_check(&cfg) == 0 &&
		    seed_settle(&cfg) == 0 &&
		    outputs_confine(&cfg) == 0 && naming_resolve(&cfg) == 0) {
			naming_print(&cfg, stdout);
			rc = outputs_default_records(&cfg, NULL) < 0 ||
			    net_seats_open(&cfg) < 0 ||
			    outputs_confine(&cfg) < 0 ? 1 :
			    match_run(&cfg, argc, argv);
			outputs_tidy(&cfg);
		}
	}
	outputs_free(&cfg);
out:
	free(rest);
	return rc;
}

static int
cmd_match(int argc, char **argv)
{
	struct match_cfg cfg;
	int rc;

	config_defaults(&cfg);
	if (config_parse_match(&cfg, argc, argv) < 0) {
		outputs_free(&cfg);
		return 2;
	}
	if (net_seats_name(&cfg) < 0 || deck_guard_remote_check(&cfg) < 0 ||
	    seed_settle(&cfg) < 0 ||
	    outputs_confine(&cfg) < 0 || naming_resolve(&cfg) < 0) {
		outputs_free(&cfg);
		return 2;
	}
	naming_print(&cfg, stdout);
	/* Again, to protect the records file now named (the engines asked
	 * their names were confined without it: it did not exist). */
	rc = outputs_default_records(&cfg, NULL) < 0 ||
	    net_seats_open(&cfg) < 0 || ((cfg.records_default || cfg.seats) &&
	    outputs_confine(&cfg) < 0) ? 1 : match_run(&cfg, argc, argv);
	outputs_tidy(&cfg);
	outputs_free(&cfg);
	return rc;
}

int
main(int argc, char **argv)
{
	/*
	 * Its memory holds the seed and so every deck, and its children
	 * (engine-wait, engine-init) are copies of it.  Not dumpable, none
	 * of them lets a process of its user that holds no capability (an
	 * engine with --no-sandbox, or on a kernel without Landlock) ptrace
	 * it or open its /proc/PID/mem, environ, maps or fd/N; nor is a
	 * core file written.  exec makes each engine dumpable again.
	 */
	prctl(PR_SET_DUMPABLE, 0);
	argv = cmdline_private(argc, argv, 2);
	if (argc < 2) {
		help_overview(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--version") == 0 ||
	    strcmp(argv[1], "version") == 0) {
		help_version(stdout);
		return 0;
	}
	if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0) {
		if (argc < 3) {
			help_overview(stdout);
			return 0;
		}
		if (help_command(stdout, help_asked(1, argv + 2) ? "help" :
		    argv[2]))
			return 0;
		fprintf(stderr, "bezique-arbiter: help: unknown command '%s' "
		    "(try 'bezique-arbiter help')\n", argv[2]);
		return 2;
	}
	/* COMMAND --help, wherever the flag is among its arguments. */
	if (help_asked(argc - 2, argv + 2) && help_command(stdout, argv[1]))
		return 0;
	if (strcmp(argv[1], "match") == 0)
		return cmd_match(argc - 2, argv + 2);
	if (strcmp(argv[1], "sprt") == 0)
		return cmd_sprt(argc - 2, argv + 2);
	if (strcmp(argv[1], "verify") == 0)
		return verify_main(argc - 2, argv + 2, luck_verify);
	if (strcmp(argv[1], "rate") == 0)
		return rate_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "tournament") == 0)
		return tournament_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "show") == 0)
		return show_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "serve") == 0)
		return serve_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "play") == 0)
		return play_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "export") == 0)
		return export_main(argc - 2, argv + 2);
	if (strcmp(argv[1], "check") == 0)
		return check_main(argc - 2, argv + 2, argv[0]);
	fprintf(stderr, "bezique-arbiter: unknown command '%s' (try "
	    "'bezique-arbiter help')\n", argv[1]);
	return 2;
}
