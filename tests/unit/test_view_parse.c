/*
 * test_view_parse.c: view_parse refuses declarations view_format could
 * not have written (found by fuzz_view: an empty card list parsed, then
 * its own text form, "-", did not; a class-A key came from no card).
 */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "view.h"

/* The first view of a fresh deal with decls= replaced by decls. */
static struct game *
parse_with_decls(const char *decls, char *err, size_t errlen)
{
	struct rules r;
	struct game *g, *v, *out;
	char text[VIEW_TEXT_MAX], *d, *rest, edited[VIEW_TEXT_MAX];

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, 5, 1);
	v = game_view(g, 0);
	view_format(v, text, sizeof(text));
	d = strstr(text, " decls=-");
	assert_non_null(d);
	rest = d + strlen(" decls=-");
	snprintf(edited, sizeof(edited), "%.*s decls=%s%s", (int)(d - text),
	    text, decls, rest);
	err[0] = '\0';
	out = view_parse(&r, edited, err, errlen);
	game_free(v);
	game_free(g);
	return out;
}

static void
expect_refused(const char *decls, const char *why)
{
	char err[256];
	struct game *g = parse_with_decls(decls, err, sizeof(err));

	if (g != NULL || strstr(err, why) == NULL) {
		print_error("decls=%s: got '%s', want '%s'\n", decls, err, why);
		fail();
	}
}

static void
bad_declarations(void **state)
{
	char err[256];
	struct game *g = parse_with_decls("-", err, sizeof(err));

	assert_non_null(g);	/* the unedited view parses */
	game_free(g);
	expect_refused("0:quadruple-bezique::40", "0 cards");
	expect_refused("0:marriage::20", "0 cards");
	expect_refused("0:four-queens:QS#2+QC#3+QS#2+QC#3:60", "2 cards");
	expect_refused("0:marriage:KH#1+QS#1:20", "is not in its combination");
	expect_refused("0:four-aces:AS#1+AH#1+AD#1+KC#1:100",
	    "is not in its combination");
	expect_refused("0:carte-blanche::50", "0 cards");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bad_declarations),
	};

	return cmocka_run_group_tests_name("view_parse", tests, NULL, NULL);
}
