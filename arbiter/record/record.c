/*
 * record.c: writing, reading and replaying deal records (record.h).
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bzp.h"
#include "record/record.h"
#include "record/record_int.h"
#include "base/utf8.h"
#include "view.h"

/* Enough for a time of 10^9 ms to the microsecond, rounded by
 * record_action: "12.345", not "12.345000000000001". */
#define REAL_DIGITS	15

static const char *const term_names[NTERMS] = { "normal", "time", "illegal",
    "malformed", "overlong", "crash", "startup", "stall",
    "disconnect" };


const char *
termination_name(enum termination t)
{
	return (unsigned)t < NTERMS ? term_names[t] : "unknown";
}

int
termination_parse(const char *name, enum termination *t)
{
	for (int i = 0; i < NTERMS; i++)
		if (strcmp(name, term_names[i]) == 0) {
			*t = (enum termination)i;
			return 0;
		}
	return -1;
}

static json_t *
deck_json(const uint16_t *deck, int n)
{
	char buf[MAX_CARDS * 6], t[CARD_TEXT_MAX];
	size_t k = 0;

	buf[0] = '\0';
	for (int i = 0; i < n; i++)
		k += (size_t)snprintf(buf + k, sizeof(buf) - k, "%s%s",
		    i ? "," : "", card_format(deck[i], t));
	return json_string(buf);
}

struct record *
record_new(int deal, int pair, const struct deck_id *id,
    const struct rules *r, int dealer, const uint16_t *deck,
    const char *const *names)
{
	struct record *rec = calloc(1, sizeof(*rec));
	char rules[2048];
	json_t *players = json_array();

	if (rec == NULL || players == NULL)
		abort();
	rec->n = r->players;
	for (int s = 0; s < r->players; s++)
		json_array_append_new(players, utf8_json(names[s]));
	rules_format(r, rules, sizeof(rules));
	rec->obj = json_pack("{s:s, s:i, s:i, s:i, s:s, s:i, s:i, s:s, s:s, "
	    "s:i, s:o, s:o}", "type", "deal", "version", RECORD_VERSION,
	    "deal", deal, "pair", pair, "commit", id->commit, "round",
	    id->round, "hand", id->hand, "variant",
	    variant_name(r->variant), "rules", rules, "dealer", dealer,
	    "players", players, "deck",
	    deck_json(deck, r->packs * CARDS_PER_PACK));
	json_object_set_new(rec->obj, "writer", record_writer());
	rec->actions = json_array();
	if (rec->obj == NULL || rec->actions == NULL)
		abort();
	json_object_set(rec->obj, "actions", rec->actions);
	return rec;
}

void
record_free(struct record *rec)
{
	if (rec == NULL)
		return;
	json_decref(rec->actions);
	json_decref(rec->obj);
	free(rec);
}

void
record_opening(struct record *rec, const struct game *g)
{
	json_object_set_new(rec->obj, "opening_points",
	    record_opening_points(g));
}

void
record_action(struct record *rec, int seat, enum decision kind,
    const char *action, double ms, const char *info,
    const struct event_log *log)
{
	/* Microseconds are all a clock of milliseconds can tell; written
	 * with REAL_DIGITS significant digits, not 17 (record_write). */
	json_t *a = json_pack("{s:i, s:s, s:s, s:f}", "seat", seat, "kind",
	    bzp_decision_name(kind), "action", action, "ms",
	    round(ms * 1000) / 1000);
	json_t *facts = record_action_facts(seat, kind, log);

	if (a == NULL || facts == NULL)
		abort();
	json_object_update(a, facts);
	json_decref(facts);
	if (info != NULL)
		json_object_set_new(a, "info", utf8_json(info));
	json_array_append_new(rec->actions, a);
}

void
record_sandbox(struct record *rec, const char *how)
{
	json_object_set_new(rec->obj, "sandbox", json_string(how));
}

void
record_finish(struct record *rec, const struct game *g,
    enum termination term, int fault_seat, const char *reason,
    const char *const *evidence, int nevidence)
{
	struct result res;
	json_t *ev = json_array(), *facts = record_deal_facts(g,
	    rec->actions);

	game_result(g, &res);
	for (int i = 0; i < nevidence; i++)
		if (evidence[i] != NULL)
			json_array_append_new(ev, utf8_json(evidence[i]));
	json_object_set_new(rec->obj, "result", json_pack(
	    "{s:o, s:o, s:i, s:i, s:b}", "points", record_int_array(res.points,
	    rec->n), "brisques", record_int_array(res.brisques, rec->n),
	    "winner", res.value.winner, "value", res.value.value, "rubicon",
	    res.value.rubicon));
	json_object_update(rec->obj, facts);
	json_decref(facts);
	json_object_set_new(rec->obj, "termination",
	    json_string(termination_name(term)));
	json_object_set_new(rec->obj, "fault_seat", fault_seat >= 0 ?
	    json_integer(fault_seat) : json_null());
	json_object_set_new(rec->obj, "reason", utf8_json(reason ?
	    reason : ""));
	json_object_set_new(rec->obj, "evidence", ev);
}

char *
record_text(const struct record *rec)
{
	char *text = json_dumps(rec->obj, JSON_COMPACT |
	    JSON_REAL_PRECISION(REAL_DIGITS));

	if (text == NULL)
		abort();
	return text;
}

json_t *
record_json(const struct record *rec)
{
	return rec->obj;
}

static int
write_line(const char *text, FILE *f, bool sync, char *err, size_t errlen)
{
	int bad = fputs(text, f) == EOF || fputc('\n', f) == EOF ||
	    fflush(f) == EOF || (sync && fsync(fileno(f)) < 0);

	if (bad) {
		snprintf(err, errlen, "cannot write the record: %s",
		    strerror(errno));
		clearerr(f);
		return -1;
	}
	return 0;
}

int
record_write(const struct record *rec, FILE *f, bool sync, char *err,
    size_t errlen)
{
	char *text = record_text(rec);
	int rc = write_line(text, f, sync, err, errlen);

	free(text);
	return rc;
}

FILE *
record_open_locked(const char *path, bool must_exist, char *err,
    size_t errlen)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC |
	    (must_exist ? 0 : O_CREAT), 0666);
	struct stat st;
	FILE *f;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	/* Only a file is a file two runs can share (not /dev/null). */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    flock(fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno == EWOULDBLOCK)
			snprintf(err, errlen, "%s: another run holds this "
			    "records file (locked); wait for it to end or "
			    "use another file", path);
		else
			snprintf(err, errlen, "%s: cannot lock: %s", path,
			    strerror(errno));
		close(fd);
		return NULL;
	}
	if ((f = fdopen(fd, "a")) == NULL)
		abort();
	return f;
}

/*
 * Replays the actions of a record; the game is left at its end.  A
 * version-2 record's facts of each action must be the replay's.
 */
static int
replay_actions(struct game *g, json_t *actions, bool facts, char *err,
    size_t errlen)
{
	size_t i;
	json_t *a;

	json_array_foreach(actions, i, a) {
		const char *text;
		int seat, rc = 0;
		enum decision kind = game_decision(g);
		struct action act;
		struct event evbuf[64];
		struct event_log log = { evbuf, 0, 64 };
		char why[160], where[32];
		if (json_unpack(a, "{s:i, s:s}", "seat", &seat, "action",
		    &text) < 0) {
			snprintf(err, errlen, "action %zu: no seat or action",
			    i + 1);
			return -1;
		}
		if (game_over(g) || seat != game_to_move(g)) {
			snprintf(err, errlen, "action %zu: seat %d is not to "
			    "move", i + 1, seat);
			return -1;
		}
		if (game_parse_action(g, text, &act, why, sizeof(why)) < 0 ||
		    game_apply(g, &act, &log) < 0) {
			snprintf(err, errlen, "action %zu: '%s' is illegal",
			    i + 1, text);
			return -1;
		}
		if (facts) {
			json_t *want = record_action_facts(seat, kind, &log);
			snprintf(where, sizeof(where), "action %zu", i + 1);
			rc = record_same_facts(a, want, record_action_keys,
			    where, err, errlen);
			json_decref(want);
		}
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* A version-2 record's facts of the deal as a whole. */
static int
replay_deal_facts(json_t *obj, const struct game *g, const int *opening,
    char *err, size_t errlen)
{
	json_t *want = record_deal_facts(g, json_object_get(obj, "actions"));
	int rc = record_same_facts(obj, want, record_deal_keys, "deal", err,
	    errlen), got[MAX_PLAYERS];

	json_decref(want);
	if (rc < 0 || record_check_writer(obj, err, errlen) < 0 ||
	    record_check_sandbox(obj, err, errlen) < 0)
		return -1;
	if (record_read_ints(json_object_get(obj, "opening_points"),
	    game_players(g), got) < 0 || memcmp(got, opening,
	    sizeof(got[0]) * (size_t)game_players(g)) != 0) {
		snprintf(err, errlen, "opening_points: not %d numbers, or not "
		    "the points scored before the first action",
		    game_players(g));
		return -1;
	}
	return 0;
}

/* Recomputes the deal from the record and compares the figures. */
static int
replay(json_t *obj, const struct record_summary *sum, char *err,
    size_t errlen)
{
	const char *variant, *rules_text, *deck_text;
	struct rules r;
	enum variant v;
	uint16_t deck[MAX_CARDS];
	struct game *g;
	struct result res;
	int rc = -1, opening[MAX_PLAYERS];
	bool same, facts = sum->version >= 2;

	if (json_unpack(obj, "{s:s, s:s, s:s}", "variant", &variant, "rules",
	    &rules_text, "deck", &deck_text) < 0 ||
	    variant_parse(variant, &v) < 0) {
		snprintf(err, errlen, "no variant, rules or deck");
		return -1;
	}
	rules_init(&r, v);
	if (r.players != sum->nseats) {
		snprintf(err, errlen, "variant '%s' has %d seats, the record "
		    "%d players", variant, r.players, sum->nseats);
		return -1;
	}
	if (rules_set_list(&r, rules_text, err, errlen) < 0 ||
	    record_parse_deck(&r, deck_text, deck, err, errlen) < 0)
		return -1;
	if (record_check_seed_deck(&r, sum, deck, err, errlen) < 0)
		return -1;
	if ((g = game_new_from_deck(&r, deck, sum->dealer)) == NULL) {
		snprintf(err, errlen, "variant %s cannot be replayed", variant);
		return -1;
	}
	if (record_replay_cut(obj, &r, sum, g, err, errlen) < 0)
		goto out;
	for (int p = 0; p < r.players; p++)
		opening[p] = game_points(g, p);
	if (replay_actions(g, json_object_get(obj, "actions"), facts, err,
	    errlen) < 0)
		goto out;
	if (sum->term != TERM_NORMAL && game_forfeit(g, sum->fault_seat) < 0) {
		snprintf(err, errlen, "a forfeit by seat %d cannot end it",
		    sum->fault_seat);
		goto out;
	}
	if (!game_over(g)) {
		snprintf(err, errlen, "the actions do not finish the deal");
		goto out;
	}
	if (facts && replay_deal_facts(obj, g, opening, err, errlen) < 0)
		goto out;
	game_result(g, &res);
	same = res.value.winner == sum->winner && res.value.value == sum->value;
	for (int p = 0; p < sum->nseats; p++)
		same = same && res.points[p] == sum->points[p] &&
		    res.brisques[p] == sum->brisques[p];
	if (!same) {
		snprintf(err, errlen, "recorded result (winner %d, value %d, "
		    "points %d-%d) differs from the replay (winner %d, value "
		    "%d, points %d-%d)", sum->winner, sum->value,
		    sum->points[0], sum->points[1], res.value.winner,
		    res.value.value, res.points[0], res.points[1]);
		goto out;
	}
	rc = record_replay_series(json_object_get(obj, "series"), &r, sum, g, err,
	    errlen);
out:
	game_free(g);
	return rc;
}

static void
read_incidents(json_t *list, struct record_summary *sum)
{
	size_t i;
	json_t *inc;

	json_array_foreach(list, i, inc) {
		const char *cls;
		int seat;
		enum termination t;
		if (json_unpack(inc, "{s:i, s:s}", "seat", &seat, "class",
		    &cls) == 0 && seat >= 0 && seat < sum->nseats &&
		    termination_parse(cls, &t) == 0)
			sum->incidents[seat][t]++;
	}
}

/* "voided": only true marks a voided attempt, and only of a failure
 * (checked once the termination is read). */
static int
read_voided(json_t *obj, struct record_summary *sum, char *err,
    size_t errlen)
{
	json_t *v = json_object_get(obj, "voided");

	if (v != NULL && !json_is_boolean(v)) {
		snprintf(err, errlen, "voided: not true or false");
		return -1;
	}
	sum->voided = json_is_true(v);
	if (sum->voided && sum->term == TERM_NORMAL) {
		snprintf(err, errlen, "a voided attempt without a failure");
		return -1;
	}
	return 0;
}

static int
read_summary(json_t *obj, struct record_summary *sum, char *err,
    size_t errlen)
{
	const char *seed = NULL, *term;
	json_t *fault = NULL, *players, *points, *brisques;
	json_error_t je;
	json_int_t deal, pair, version;
	int rub = 0;

	memset(sum, 0, sizeof(*sum));
	if (json_unpack(obj, "{s:I}", "version", &version) < 0 ||
	    version < 1 || version > RECORD_VERSION) {
		snprintf(err, errlen, "not a record of version 1 to %d (the "
		    "format this program reads, doc/records.md)",
		    RECORD_VERSION);
		return -1;
	}
	sum->version = (int)version;
	if (json_unpack_ex(obj, &je, 0, "{s:I, s:I, s?s, s:i, s:o, s:s, "
	    "s?o, s:{s:o, s:o, s:i, s:i, s:b}}", "deal", &deal,
	    "pair", &pair, "seed", &seed, "dealer", &sum->dealer,
	    "players", &players, "termination", &term, "fault_seat", &fault,
	    "result", "points", &points, "brisques", &brisques, "winner",
	    &sum->winner, "value", &sum->value, "rubicon", &rub) < 0) {
		snprintf(err, errlen, "not a deal record: %s", je.text);
		return -1;
	}
	/* A number is an int everywhere: 10^12 is no deal of any match. */
	if (deal < 1 || deal > INT_MAX || pair < 0 || pair >= deal) {
		snprintf(err, errlen, "deal %" JSON_INTEGER_FORMAT " of pair %"
		    JSON_INTEGER_FORMAT ": not a deal number (from 1) and its "
		    "pair (from 0)", deal, pair);
		return -1;
	}
	sum->number = (int)deal;
	sum->pair = (int)pair;
	sum->rubicon = rub;
	sum->nseats = json_is_array(players) ? (int)json_array_size(players) :
	    0;
	if (sum->nseats < 2 || sum->nseats > MAX_PLAYERS) {
		snprintf(err, errlen, "players: not a list of 2 or 3 names");
		return -1;
	}
	for (int p = 0; p < sum->nseats; p++) {
		const char *name = json_string_value(json_array_get(players,
		    (size_t)p));
		if (name == NULL) {
			snprintf(err, errlen, "players: not a list of names");
			return -1;
		}
		snprintf(sum->players[p], sizeof(sum->players[p]), "%s", name);
	}
	if (record_read_ints(points, sum->nseats, sum->points) < 0 ||
	    record_read_ints(brisques, sum->nseats, sum->brisques) < 0) {
		snprintf(err, errlen, "result: points or brisques not %d "
		    "numbers", sum->nseats);
		return -1;
	}
	/* Readers index by these seats (results_add): refuse any other. */
	if (sum->winner < -1 || sum->winner >= sum->nseats ||
	    sum->dealer < 0 || sum->dealer >= sum->nseats) {
		snprintf(err, errlen, "winner %d or dealer %d is not a seat",
		    sum->winner, sum->dealer);
		return -1;
	}
	if (record_read_deck_id(obj, seed, sum, err, errlen) < 0)
		return -1;
	if (termination_parse(term, &sum->term) < 0) {
		snprintf(err, errlen, "unknown termination '%s'", term);
		return -1;
	}
	read_incidents(json_object_get(obj, "incidents"), sum);
	if (read_voided(obj, sum, err, errlen) < 0)
		return -1;
	sum->fault_seat = json_is_integer(fault) ?
	    (int)json_integer_value(fault) : -1;
	if (sum->term != TERM_NORMAL && (sum->fault_seat < 0 ||
	    sum->fault_seat >= sum->nseats)) {
		snprintf(err, errlen, "a failure without a seat");
		return -1;
	}
	return record_read_series(obj, sum, err, errlen);
}

int
record_read(const char *line, bool check, struct record_summary *sum,
    char *err, size_t errlen)
{
	json_error_t je;
	json_t *obj = record_load(line, JSON_REJECT_DUPLICATES, &je);
	int rc;

	if (obj == NULL) {
		snprintf(err, errlen, "not JSON: %s (column %d)", je.text,
		    je.column);
		return -1;
	}
	rc = read_summary(obj, sum, err, errlen);
	if (rc == 0 && check)
		rc = replay(obj, sum, err, errlen);
	record_game_summary(sum);
	json_decref(obj);
	return rc;
}

int
record_summary_of(const struct record *rec, struct record_summary *sum)
{
	char err[256];

	if (read_summary(rec->obj, sum, err, sizeof(err)) < 0)
		return -1;
	record_game_summary(sum);
	return 0;
}
