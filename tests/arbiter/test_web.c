/*
 * test_web.c: what `serve` accepts (webreq.h) and what it shows of a
 * deal (view_json.h, replay.h): every refusal of a bad request, and no
 * card of the opponent's concealed hand in a seat's JSON.
 */
#include <string.h>

#include "../unit/test_util.h"
#include "card.h"
#include "game.h"
#include "record/view_json.h"
#include "play/dealwords.h"
#include "record/live.h"
#include "play/webreq.h"

struct route_case {
	const char	*id;
	enum web_method	 m;
	const char	*uri;
	int		 status;	/* 0: accepted */
	enum web_route	 route;
};

static const struct route_case route_cases[] = {
	{ "page", WEB_GET, "/", 0, ROUTE_FILE },
	{ "page-head", WEB_HEAD, "/index.html", 0, ROUTE_FILE },
	{ "script", WEB_GET, "/app.js", 0, ROUTE_FILE },
	{ "cards", WEB_GET, "/cards.js", 0, ROUTE_FILE },
	{ "table", WEB_GET, "/table.js", 0, ROUTE_FILE },
	{ "records-js", WEB_GET, "/records.js", 0, ROUTE_FILE },
	{ "narrate-js", WEB_GET, "/narrate.js", 0, ROUTE_FILE },
	{ "match-js", WEB_GET, "/match.js", 0, ROUTE_FILE },
	{ "analyse", WEB_POST, "/api/analyse?deal=2", 0, ROUTE_ANALYSE },
	{ "analysis", WEB_GET, "/api/analysis", 0, ROUTE_ANALYSIS },
	{ "newgame", WEB_POST, "/api/newgame", 0, ROUTE_NEWGAME },
	{ "newgame-get", WEB_GET, "/api/newgame", 405, 0 },
	{ "live", WEB_GET, "/api/live", 0, ROUTE_LIVE },
	{ "live-post", WEB_POST, "/api/live", 405, 0 },
	{ "analyse-get", WEB_GET, "/api/analyse?deal=2", 405, 0 },
	{ "analyse-no-deal", WEB_POST, "/api/analyse", 400, 0 },
	{ "analysis-query", WEB_GET, "/api/analysis?deal=1", 400, 0 },
	{ "state", WEB_GET, "/api/state", 0, ROUTE_STATE },
	{ "events", WEB_GET, "/api/events", 0, ROUTE_EVENTS },
	{ "action", WEB_POST, "/api/action", 0, ROUTE_ACTION },
	{ "next", WEB_POST, "/api/next", 0, ROUTE_NEXT },
	{ "hint", WEB_POST, "/api/hint", 0, ROUTE_HINT },
	{ "records", WEB_GET, "/api/records", 0, ROUTE_RECORDS },
	{ "replay", WEB_GET, "/api/replay?deal=3&view=1", 0, ROUTE_REPLAY },
	{ "replay-all", WEB_GET, "/api/replay?view=all&deal=0", 0,
	    ROUTE_REPLAY },
	{ "unknown-path", WEB_GET, "/etc/passwd", 404, 0 },
	{ "dotdot", WEB_GET, "/../arbiter/play/web/app.js", 404, 0 },
	{ "post-state", WEB_POST, "/api/state", 405, 0 },
	{ "get-action", WEB_GET, "/api/action", 405, 0 },
	{ "put", WEB_OTHER, "/api/action", 405, 0 },
	{ "state-query", WEB_GET, "/api/state?x=1", 400, 0 },
	{ "replay-no-deal", WEB_GET, "/api/replay?view=0", 400, 0 },
	{ "replay-bad-deal", WEB_GET, "/api/replay?deal=-1", 400, 0 },
	{ "replay-bad-view", WEB_GET, "/api/replay?deal=1&view=2", 400, 0 },
	{ "replay-twice", WEB_GET, "/api/replay?deal=1&deal=2", 400, 0 },
	{ "replay-extra", WEB_GET, "/api/replay?deal=1&x=2", 400, 0 },
	{ "replay-no-query", WEB_GET, "/api/replay", 400, 0 },
	{ "not-a-path", WEB_GET, "api/state", 400, 0 },
	{ "garbage", WEB_GET, "http://[::1", 400, 0 },
};

static void
test_routes(void **state)
{
	for (size_t i = 0; i < sizeof(route_cases) / sizeof(route_cases[0]);
	    i++) {
		const struct route_case *c = &route_cases[i];
		struct web_req r;
		char err[256] = "";
		int rc = webreq_route(c->m, c->uri, &r, err, sizeof(err));
		if (rc != c->status)
			fail_msg("%s: status %d, want %d (%s)", c->id, rc,
			    c->status, err);
		if (rc == 0 && r.route != c->route)
			fail_msg("%s: route %d, want %d", c->id, r.route,
			    c->route);
		if (rc != 0 && (err[0] == '\0' || strchr(err, '\n')))
			fail_msg("%s: the error must be one line", c->id);
	}
}

static void
test_replay_query(void **state)
{
	struct web_req r;
	char err[256];

	assert_int_equal(webreq_route(WEB_GET, "/api/replay?deal=7&view=all",
	    &r, err, sizeof(err)), 0);
	assert_int_equal(r.deal, 7);
	assert_int_equal(r.view, -1);
	assert_int_equal(webreq_route(WEB_GET, "/api/replay?deal=2&view=1",
	    &r, err, sizeof(err)), 0);
	assert_int_equal(r.view, 1);
}

struct body_case {
	const char	*id, *body;
	const char	*want;	/* NULL: refused with 400 */
};

static const struct body_case body_cases[] = {
	{ "card", "{\"action\": \"QS#2\"}", "QS#2" },
	{ "number", "{\"action\":\"3\"}", "3" },
	{ "declare", "{\"action\":\"marriage:KH#1+QH#2\"}",
	    "marriage:KH#1+QH#2" },
	{ "empty", "", NULL },
	{ "not-json", "action=QS", NULL },
	{ "cut", "{\"action\": \"QS", NULL },
	{ "array", "[\"QS\"]", NULL },
	{ "number-value", "{\"action\": 3}", NULL },
	{ "extra-key", "{\"action\": \"QS\", \"x\": 1}", NULL },
	{ "duplicate", "{\"action\": \"QS\", \"action\": \"KS\"}", NULL },
	{ "empty-action", "{\"action\": \"\"}", NULL },
	{ "two-words", "{\"action\": \"QS KS\"}", NULL },
	{ "newline", "{\"action\": \"QS\\nquit\"}", NULL },
};

static void
test_bodies(void **state)
{
	for (size_t i = 0; i < sizeof(body_cases) / sizeof(body_cases[0]);
	    i++) {
		const struct body_case *c = &body_cases[i];
		char action[128] = "", err[256] = "";
		int rc = webreq_action(c->body, strlen(c->body), action,
		    sizeof(action), err, sizeof(err));
		if (c->want ? rc != 0 || strcmp(action, c->want) : rc != 400)
			fail_msg("%s: rc %d action '%s' err '%s'", c->id, rc,
			    action, err);
	}
}

static void
test_oversize_body(void **state)
{
	char big[WEB_MAX_BODY + 64], action[128], err[256];

	memset(big, ' ', sizeof(big));
	memcpy(big, "{\"action\":\"QS\"}", 15);
	assert_int_equal(webreq_action(big, sizeof(big), action,
	    sizeof(action), err, sizeof(err)), 400);
}

/* Whether text holds the card c as a whole token ("QS#2", not "QS#21"). */
static bool
mentions(const char *text, int c)
{
	char t[CARD_TEXT_MAX], want[CARD_TEXT_MAX + 2];

	snprintf(want, sizeof(want), "\"%s\"", card_format(c, t));
	return strstr(text, want) != NULL;
}

/* Plays a Rubicon deal of seed with the first legal action, calling
 * check(g, step) before each action: more than 100 steps. */
static void
play_checking(uint64_t seed, void (*check)(const struct game *, int))
{
	struct rules r;
	struct game *g;
	int steps = 0;

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, seed, 1);
	while (!game_over(g)) {
		struct action legal[MAX_LEGAL];
		check(g, steps);
		assert_true(game_legal_actions(g, legal, MAX_LEGAL) > 0);
		assert_int_equal(game_apply(g, &legal[0], NULL), 0);
		steps++;
	}
	assert_true(steps > 100);
	game_free(g);
}

/* text names no card of seat s's hand in g that viewer's view of g
 * does not know. */
static void
hides(const char *text, const struct game *g, int s, int viewer, int step)
{
	struct game *v = game_view(g, viewer);
	struct cardset hand = game_hand(g, s), known = game_hand(v, s);

	CARDSET_FOREACH(c, &hand)
		if (!cardset_has(&known, c) && mentions(text, c))
			fail_msg("step %d: seat %d's %d shown", step, s, c);
	game_free(v);
}

/* The JSON of each seat's view names none of the other seat's
 * concealed cards. */
static void
seat_views_hide(const struct game *g, int step)
{
	for (int s = 0; s < 2; s++) {
		struct game *v = game_view(g, s);
		json_t *o = view_json(v);
		char *text = json_dumps(o, 0);
		hides(text, g, 1 - s, s, step);
		assert_null(strstr(text, "stockcards"));
		free(text);
		json_decref(o);
		game_free(v);
	}
}

static void
test_view_hides_other_hand(void **state)
{
	play_checking(42, seat_views_hide);
}

/* The whole state (a replay's "all cards") does show both hands. */
static void
test_full_view_shows_all(void **state)
{
	struct rules r;
	struct game *g;
	json_t *o;
	char *text;
	struct cardset h;

	rules_init(&r, VARIANT_RUBICON);
	g = game_new(&r, 7, 1);
	o = view_json(g);
	text = json_dumps(o, 0);
	h = game_hand(g, 1);
	CARDSET_FOREACH(c, &h)
		assert_true(mentions(text, c));
	assert_string_equal(json_string_value(json_object_get(o, "seat")),
	    "all");
	free(text);
	json_decref(o);
	game_free(g);
}

struct guard_case {
	const char	*id;
	enum web_method	 m;
	const char	*host, *type;
	bool		 loopback;
	int		 status;
};

static const struct guard_case guard_cases[] = {
	{ "get", WEB_GET, "127.0.0.1:8787", NULL, true, 0 },
	{ "localhost", WEB_GET, "LOCALHOST:1", NULL, true, 0 },
	{ "ipv6", WEB_GET, "[::1]:8787", NULL, true, 0 },
	{ "no-port", WEB_GET, "127.0.0.1", NULL, true, 0 },
	{ "post-json", WEB_POST, "127.0.0.1:1", "application/json", true, 0 },
	{ "post-charset", WEB_POST, "localhost:1",
	    "application/json; charset=utf-8", true, 0 },
	{ "rebound", WEB_GET, "evil.example:8787", NULL, true, 421 },
	{ "prefix", WEB_GET, "127.0.0.1.evil.example", NULL, true, 421 },
	{ "no-host", WEB_GET, NULL, NULL, true, 421 },
	{ "any-host-elsewhere", WEB_GET, "box.lan:1", NULL, false, 0 },
	{ "post-form", WEB_POST, "127.0.0.1:1",
	    "application/x-www-form-urlencoded", true, 415 },
	{ "post-text", WEB_POST, "127.0.0.1:1", "text/plain", true, 415 },
	{ "post-none", WEB_POST, "127.0.0.1:1", NULL, true, 415 },
	{ "post-jsonx", WEB_POST, "127.0.0.1:1", "application/jsonx", true,
	    415 },
};

static void
test_guard(void **state)
{
	for (size_t i = 0; i < sizeof(guard_cases) / sizeof(guard_cases[0]);
	    i++) {
		const struct guard_case *c = &guard_cases[i];
		char err[256] = "";
		int rc = webreq_guard(c->m, c->host, c->type, c->loopback, err,
		    sizeof(err));
		if (rc != c->status)
			fail_msg("%s: status %d, want %d (%s)", c->id, rc,
			    c->status, err);
	}
}

/* The new game dialog's body: each field optional, in range, no other. */
static void
test_newgame_bodies(void **state)
{
	static const struct {
		const char	*body;
		int		 status;
	} cases[] = {
		{ "{}", 0 },
		{ "{\"level\":\"strong\",\"skill\":40,\"seat\":1,"
		    "\"variant\":\"six-pack\",\"deals\":5}", 0 },
		{ "{\"level\":\"given\"}", 0 },
		{ "{\"level\":\"rm -rf /\"}", 400 },
		{ "{\"level\":\"strong\",\"command\":\"sh\"}", 400 },
		{ "{\"variant\":\"three-hand\"}", 400 },
		{ "{\"skill\":101}", 400 },
		{ "{\"seat\":2}", 400 },
		{ "{\"deals\":1001}", 400 },
		{ "{\"seat\":\"1\"}", 400 },
		{ "[1]", 400 },
		{ "{\"seat\":0,\"seat\":1}", 400 },
	};
	struct web_newgame ng;
	char err[256];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err[0] = '\0';
		int rc = webreq_newgame(cases[i].body, strlen(cases[i].body),
		    &ng, err, sizeof(err));
		if (rc != cases[i].status)
			fail_msg("%s: %d, want %d (%s)", cases[i].body, rc,
			    cases[i].status, err);
		if (rc != 0 && (err[0] == '\0' || strchr(err, '\n')))
			fail_msg("%s: the error must be one line", cases[i].body);
	}
	{
		const char *b = "{\"seat\":1,\"level\":\"random\"}";
		assert_int_equal(webreq_newgame(b, strlen(b), &ng, err,
		    sizeof(err)), 0);
	}
	assert_int_equal(ng.seat, 1);
	assert_int_equal(ng.skill, -1);
	assert_string_equal(ng.level, "random");
	assert_string_equal(ng.variant, "");
}

/* The value's arithmetic from the rules core's own result. */
static void
value_of(enum variant var, int p0, int p1, int b0, int b1, bool forfeit,
    char *buf, size_t len, struct result *res)
{
	struct rules r;

	rules_init(&r, var);
	memset(res, 0, sizeof(*res));
	res->points[0] = res->scores.points[0] = p0;
	res->points[1] = res->scores.points[1] = p1;
	res->brisques[0] = res->scores.brisques[0] = b0;
	res->brisques[1] = res->scores.brisques[1] = b1;
	score_game_value(&r.score, &res->scores, &res->value);
	if (forfeit) {	/* game.c: seat 1 forfeits, as a rubicon */
		res->value.winner = 0;
		res->value.rubicon = true;
		res->value.value = p0 / 100 * 100 + 100 + 1000 + 300;
	}
	dealwords_value(&r, res, forfeit, buf, len);
}

static void
test_value_words(void **state)
{
	struct result res;
	char buf[512];

	value_of(VARIANT_RUBICON, 2240, 1180, 100, 60, false, buf,
	    sizeof(buf), &res);
	assert_int_equal(res.value.value, 1600);
	assert_string_equal(buf, "winner 2,240 − loser 1,180, in whole "
	    "hundreds 2,200 − 1,100 = 1,100, + 500 for the game = 1,600");
	value_of(VARIANT_RUBICON, 1240, 780, 100, 60, false, buf, sizeof(buf),
	    &res);
	assert_int_equal(res.value.value, 3200);
	assert_string_equal(buf, "a rubicon (the loser under 1,000): winner "
	    "1,240 + loser 780, in whole hundreds 1,200 + 700, + 1,000 for "
	    "the game + 300 for brisques = 3,200");
	value_of(VARIANT_RUBICON, 1240, 40, 100, 60, false, buf, sizeof(buf),
	    &res);
	assert_non_null(strstr(buf, "loser 40, in whole hundreds 1,200 + 0 "
	    "(counted as 100)"));
	assert_non_null(strstr(buf, "= 2,600"));
	value_of(VARIANT_RUBICON, 1500, 1500, 80, 80, false, buf, sizeof(buf),
	    &res);
	assert_string_equal(buf, "a drawn deal is worth nothing");
	value_of(VARIANT_RUBICON, 2600, 0, 0, 0, true, buf, sizeof(buf), &res);
	assert_string_equal(buf, "a forfeit counts as a rubicon: winner 2,600 "
	    "+ 100 for the loser + 1,000 for the game + 300 for brisques = "
	    "4,000");
	/* A deal of a game of several has no value of its own. */
	value_of(VARIANT_TWO_HAND, 500, 300, 50, 30, false, buf, sizeof(buf),
	    &res);
	assert_string_equal(buf, "");
	/* Words that would not add up to the value are not said. */
	{
		struct rules r;
		rules_init(&r, VARIANT_RUBICON);
		res.value.value += 1;
		dealwords_value(&r, &res, false, buf, sizeof(buf));
		assert_string_equal(buf, "");
	}
}

static void
test_failure_words(void **state)
{
	char buf[128];

	dealwords_failure("Greedy", TERM_STALL, buf, sizeof(buf));
	assert_string_equal(buf, "Greedy did not answer in time");
	dealwords_failure("crashy", TERM_CRASH, buf, sizeof(buf));
	assert_string_equal(buf, "crashy stopped (its process ended)");
}

/* The live feed's view names no concealed card of either hand, and
 * offers no seat's legal actions. */
static void
public_view_hides(const struct game *g, int step)
{
	json_t *o = view_json_public(g);
	char *text = json_dumps(o, 0);

	hides(text, g, 0, 1, step);
	hides(text, g, 1, 0, step);
	assert_null(json_object_get(o, "legal"));
	assert_string_equal(json_string_value(json_object_get(o, "seat")),
	    "public");
	free(text);
	json_decref(o);
}

static void
test_public_view(void **state)
{
	play_checking(11, public_view_hides);
}

/* The feed holds the deals in play: emptied when asked, a line each. */
static void
test_live_write(void **state)
{
	FILE *f = tmpfile();
	char buf[64];

	assert_non_null(f);
	assert_int_equal(live_write(f, json_pack("{s:i}", "a", 1), false), 0);
	assert_int_equal(live_write(f, json_pack("{s:i}", "a", 2), false), 0);
	assert_int_equal(live_write(f, json_pack("{s:i}", "b", 3), true), 0);
	rewind(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	assert_string_equal(buf, "{\"b\":3}\n");
	assert_null(fgets(buf, sizeof(buf), f));
	fclose(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_routes),
		cmocka_unit_test(test_newgame_bodies),
		cmocka_unit_test(test_value_words),
		cmocka_unit_test(test_failure_words),
		cmocka_unit_test(test_public_view),
		cmocka_unit_test(test_live_write),
		cmocka_unit_test(test_replay_query),
		cmocka_unit_test(test_bodies),
		cmocka_unit_test(test_oversize_body),
		cmocka_unit_test(test_guard),
		cmocka_unit_test(test_view_hides_other_hand),
		cmocka_unit_test(test_full_view_shows_all),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
