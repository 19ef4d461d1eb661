/*
 * test_argv.c: splitting engine command lines (argv.h), as a table with
 * one row per rule, named so that a failure points at it.
 */
#include <string.h>

#include "../unit/test_util.h"
#include "base/argv.h"

/* argv_split: a table, one row per rule of argv.h. */

struct argv_case {
	const char	*id;
	const char	*line;
	const char	*want[6];	/* NULL-terminated; all NULL: error */
	const char	*error;		/* a piece of the message */
};

static const struct argv_case argv_cases[] = {
	{ "plain", "engine", { "engine" }, NULL },
	{ "blanks", " \ta   b\tc\r\n", { "a", "b", "c" }, NULL },
	{ "single", "a 'b  c' d", { "a", "b  c", "d" }, NULL },
	{ "single-bs", "'a\\b\"'", { "a\\b\"" }, NULL },
	{ "joined", "a'b'\"c\"d", { "abcd" }, NULL },
	{ "adjacent-single", "'it''s'", { "its" }, NULL },
	{ "bs-space", "a\\ b \\'x", { "a b", "'x" }, NULL },
	{ "double-escapes", "\"q\\\" b\\\\ d\\$ t\\`\"",
	    { "q\" b\\ d$ t`" }, NULL },
	{ "double-literal-bs", "\"a\\nb\\'\"", { "a\\nb\\'" }, NULL },
	{ "double-keeps-single", "\"it's\"", { "it's" }, NULL },
	{ "empty-words", "x \"\" ''", { "x", "", "" }, NULL },
	{ "no-expansion", "$HOME ~ *.c `id` '$x'",
	    { "$HOME", "~", "*.c", "`id`", "$x" }, NULL },
	{ "continuation", "ab\\\ncd \"e\\\nf\"", { "abcd", "ef" }, NULL },
	{ "hash", "x#y #z", { "x#y", "#z" }, NULL },
	{ "quoted-ops", "'|' \"&\" \\; '<>'", { "|", "&", ";", "<>" },
	    NULL },
	{ "empty", "", { NULL }, "empty command" },
	{ "blank", " \t\n", { NULL }, "empty command" },
	{ "open-single", "bot 'abc", { NULL },
	    "unterminated single quote (opened at column 5)" },
	{ "open-double", "a \"b\\\"", { NULL },
	    "unterminated double quote (opened at column 3)" },
	{ "trailing-bs", "abc\\", { NULL }, "backslash at the end" },
	{ "redirect", "bot > log", { NULL }, "unquoted '>' at column 5" },
	{ "pipe", "a|b", { NULL }, "unquoted '|' at column 2" },
	{ "semicolon", "a; b", { NULL }, "unquoted ';'" },
};

static void
test_argv_split(void **state)
{
	for (size_t i = 0; i < sizeof(argv_cases) / sizeof(argv_cases[0]);
	    i++) {
		const struct argv_case *c = &argv_cases[i];
		char err[128] = "", **v;
		int argc = -1, n = 0;

		v = argv_split(c->line, &argc, err, sizeof(err));
		if (c->error != NULL) {
			if (v != NULL || strstr(err, c->error) == NULL) {
				print_error("%s: want error '%s', got '%s'\n",
				    c->id, c->error, err);
				fail();
			}
			continue;
		}
		if (v == NULL) {
			print_error("%s: unexpected error '%s'\n", c->id, err);
			fail();
		}
		for (; c->want[n] != NULL; n++)
			if (v[n] == NULL || strcmp(v[n], c->want[n]) != 0) {
				print_error("%s: word %d: got '%s', want "
				    "'%s'\n", c->id, n, v[n] ? v[n] : "(end)",
				    c->want[n]);
				fail();
			}
		assert_int_eq_msg(c->id, argc, n);
		assert_null(v[n]);
		argv_free(v);
	}
	argv_free(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_argv_split),
	};

	return cmocka_run_group_tests_name("argv", tests, NULL, NULL);
}
