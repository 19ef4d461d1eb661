/*
 * config_rules.c: the rules a match or tournament is set up with
 * (config.h): the variant's defaults, then every rule option given.
 *
 * A variant starts from its own defaults (rules_init), so a --rule (or a
 * tournament file's [rules] line) read before the --variant (or the
 * file's variant) used to be lost without a word.  Each option is kept
 * as given and applied again whenever the variant is set, so the options
 * apply whatever their order.  Once all are read, rules_check() refuses
 * what no match can play (no_repeat_trump where no deal bars the next,
 * barred_trump by hand).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/config.h"
#include "base/xmalloc.h"

int
config_set_rule(struct match_cfg *c, const char *name, const char *value,
    char *err, size_t errlen)
{
	size_t len = strlen(name) + strlen(value) + 2;
	char *kept;

	/* Applied at once, so that a bad value is refused where it is. */
	if (rules_set(&c->rules, name, value, err, errlen) < 0)
		return -1;
	if (c->nrule_options == MAX_RULE_OPTIONS) {
		snprintf(err, errlen, "more than %d rule options",
		    MAX_RULE_OPTIONS);
		return -1;
	}
	kept = xmalloc(len);
	snprintf(kept, len, "%s=%s", name, value);
	c->rule_options[c->nrule_options++] = kept;
	return 0;
}

int
config_set_variant(struct match_cfg *c, enum variant v, char *err,
    size_t errlen)
{
	rules_init(&c->rules, v);
	for (int i = 0; i < c->nrule_options; i++) {
		const char *s = c->rule_options[i], *eq = strchr(s, '=');
		char name[128];
		snprintf(name, sizeof(name), "%.*s", (int)(eq - s), s);
		if (rules_set(&c->rules, name, eq + 1, err, errlen) < 0)
			return -1;
	}
	return 0;
}

int
config_check_rules(const struct match_cfg *c, const char *who)
{
	char err[256];

	if (rules_check(&c->rules, err, sizeof(err)) == 0)
		return 0;
	fprintf(stderr, "%s: %s\n", who, err);
	return -1;
}

void
config_free_rules(struct match_cfg *c)
{
	for (int i = 0; i < c->nrule_options; i++)
		free(c->rule_options[i]);
	c->nrule_options = 0;
}
