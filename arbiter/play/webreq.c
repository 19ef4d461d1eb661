/*
 * webreq.c: checking the requests that `serve` receives (webreq.h).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <sys/queue.h>

#include <event2/buffer.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <jansson.h>

#include "bzp.h"
#include "play/webreq.h"

static const struct {
	const char	*path;
	enum web_route	 route;
	enum web_method	 method;
} routes[] = {
	{ "/api/state", ROUTE_STATE, WEB_GET },
	{ "/api/events", ROUTE_EVENTS, WEB_GET },
	{ "/api/action", ROUTE_ACTION, WEB_POST },
	{ "/api/next", ROUTE_NEXT, WEB_POST },
	{ "/api/hint", ROUTE_HINT, WEB_POST },
	{ "/api/records", ROUTE_RECORDS, WEB_GET },
	{ "/api/replay", ROUTE_REPLAY, WEB_GET },
	{ "/api/analyse", ROUTE_ANALYSE, WEB_POST },
	{ "/api/analysis", ROUTE_ANALYSIS, WEB_GET },
	{ "/api/newgame", ROUTE_NEWGAME, WEB_POST },
	{ "/api/live", ROUTE_LIVE, WEB_GET },
	{ "/", ROUTE_FILE, WEB_GET },
	{ "/index.html", ROUTE_FILE, WEB_GET },
	{ "/app.js", ROUTE_FILE, WEB_GET },
	{ "/style.css", ROUTE_FILE, WEB_GET },
	{ "/cards.js", ROUTE_FILE, WEB_GET },
	{ "/table.js", ROUTE_FILE, WEB_GET },
	{ "/records.js", ROUTE_FILE, WEB_GET },
	{ "/narrate.js", ROUTE_FILE, WEB_GET },
	{ "/match.js", ROUTE_FILE, WEB_GET },
};

/* deal=N&view=0|1|all, nothing else, each once. */
static int
replay_query(const char *query, struct web_req *r, char *err,
    size_t errlen)
{
	struct evkeyvalq q;
	struct evkeyval *kv;
	long long n;
	int rc = 0, have = 0;

	TAILQ_INIT(&q);
	if (query == NULL || evhttp_parse_query_str(query, &q) < 0) {
		snprintf(err, errlen, "the query must be deal=N&view=0|1|all");
		return 400;
	}
	r->view = -1;
	TAILQ_FOREACH(kv, &q, next) {
		if (strcmp(kv->key, "deal") == 0 && !(have & 1) &&
		    bzp_parse_int(kv->value, 0, 1 << 30, &n) == 0) {
			r->deal = (int)n;
			have |= 1;
		} else if (strcmp(kv->key, "view") == 0 && !(have & 2) &&
		    (strcmp(kv->value, "all") == 0 ||
		    bzp_parse_int(kv->value, 0, 1, &n) == 0)) {
			r->view = strcmp(kv->value, "all") == 0 ? -1 : (int)n;
			have |= 2;
		} else {
			snprintf(err, errlen, "bad query parameter '%.40s'",
			    kv->key);
			rc = 400;
			break;
		}
	}
	if (rc == 0 && !(have & 1)) {
		snprintf(err, errlen, "the query needs deal=N");
		rc = 400;
	}
	evhttp_clear_headers(&q);
	return rc;
}

int
webreq_route(enum web_method m, const char *uri, struct web_req *r,
    char *err, size_t errlen)
{
	struct evhttp_uri *u = evhttp_uri_parse_with_flags(uri, 0);
	const char *path = u ? evhttp_uri_get_path(u) : NULL;
	const char *query = u ? evhttp_uri_get_query(u) : NULL;
	int rc = 404;

	memset(r, 0, sizeof(*r));
	if (path == NULL || *path != '/') {
		snprintf(err, errlen, "a malformed request target");
		rc = 400;
		goto out;
	}
	snprintf(err, errlen, "no such path '%.60s'", path);
	for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++) {
		if (strcmp(path, routes[i].path) != 0)
			continue;
		if (m != routes[i].method && !(m == WEB_HEAD &&
		    routes[i].method == WEB_GET)) {
			snprintf(err, errlen, "%s wants %s", path,
			    routes[i].method == WEB_GET ? "GET" : "POST");
			rc = 405;
		} else if (routes[i].route == ROUTE_REPLAY ||
		    routes[i].route == ROUTE_ANALYSE) {
			r->route = routes[i].route;
			rc = replay_query(query, r, err, errlen);
		} else if (query != NULL && *query != '\0') {
			snprintf(err, errlen, "%s takes no query", path);
			rc = 400;
		} else {
			r->route = routes[i].route;
			snprintf(r->path, sizeof(r->path), "%s", path);
			rc = 0;
		}
		break;
	}
out:
	if (u)
		evhttp_uri_free(u);
	return rc;
}

ssize_t
webreq_body(struct evbuffer *in, char *body)
{
	size_t len = evbuffer_get_length(in);

	if (len > WEB_MAX_BODY)
		return -1;
	evbuffer_copyout(in, body, len);
	body[len] = '\0';
	return (ssize_t)len;
}

int
webreq_action(const char *body, size_t len, char *action, size_t actionlen,
    char *err, size_t errlen)
{
	json_error_t je;
	json_t *o;
	const char *text;
	int rc = 0;

	if (body == NULL || len == 0 || len > WEB_MAX_BODY) {
		snprintf(err, errlen, "the body must be {\"action\": \"...\"}");
		return 400;
	}
	if ((o = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je)) == NULL) {
		snprintf(err, errlen, "malformed JSON: %s", je.text);
		return 400;
	}
	if (json_unpack_ex(o, &je, JSON_STRICT, "{s:s}", "action", &text) <
	    0 || *text == '\0' || strlen(text) >= actionlen ||
	    strpbrk(text, " \t\r\n") != NULL) {
		snprintf(err, errlen, "the body must be {\"action\": \"<one "
		    "action>\"}");
		rc = 400;
	} else
		snprintf(action, actionlen, "%s", text);
	json_decref(o);
	return rc;
}

/* Whether text is one of the words of list (NULL-terminated). */
static bool
one_of(const char *text, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcmp(text, *list) == 0)
			return true;
	return false;
}

int
webreq_newgame(const char *body, size_t len, struct web_newgame *ng,
    char *err, size_t errlen)
{
	static const char *const variants[] = { "rubicon", "two-hand",
		"six-pack", "eight-pack", NULL };
	static const char *const levels[] = { "random", "greedy", "club",
		"strong", "given", NULL };
	const char *variant = NULL, *level = NULL;
	json_int_t skill = -1, seat = -1, deals = -1;
	json_error_t je;
	json_t *o;
	int rc = 400;

	memset(ng, 0, sizeof(*ng));
	ng->skill = ng->seat = ng->deals = -1;
	if (body == NULL || len > WEB_MAX_BODY || (o = json_loadb(body, len,
	    JSON_REJECT_DUPLICATES, &je)) == NULL) {
		snprintf(err, errlen, "the body must be a JSON object");
		return 400;
	}
	if (json_unpack_ex(o, &je, JSON_STRICT, "{s?s, s?s, s?I, s?I, s?I}",
	    "variant", &variant, "level", &level, "skill", &skill, "seat",
	    &seat, "deals", &deals) < 0)
		snprintf(err, errlen, "a new game is {variant, level, skill, "
		    "seat, deals}: %s", je.text);
	else if (variant != NULL && !one_of(variant, variants))
		snprintf(err, errlen, "no variant '%.20s' for two", variant);
	else if (level != NULL && !one_of(level, levels))
		snprintf(err, errlen, "no level '%.20s'", level);
	else if (skill < -1 || skill > 100 || seat < -1 || seat > 1 ||
	    deals < -1 || deals > 1000)
		snprintf(err, errlen, "skill 0 to 100, seat 0 or 1, deals 0 "
		    "to 1000");
	else {
		snprintf(ng->variant, sizeof(ng->variant), "%s", variant ?
		    variant : "");
		snprintf(ng->level, sizeof(ng->level), "%s", level ? level :
		    "");
		ng->skill = (int)skill;
		ng->seat = (int)seat;
		ng->deals = (int)deals;
		rc = 0;
	}
	json_decref(o);
	return rc;
}

/* The host name of a Host header, without its port. */
static size_t
host_name_len(const char *host)
{
	const char *end;

	if (host[0] == '[')
		return (end = strchr(host, ']')) ? (size_t)(end - host + 1) :
		    strlen(host);
	return strcspn(host, ":");
}

int
webreq_guard(enum web_method m, const char *host, const char *type,
    bool loopback, char *err, size_t errlen)
{
	static const char *const names[] = { "127.0.0.1", "localhost",
		"[::1]" };
	size_t n;
	bool ok = !loopback;

	if (loopback && host != NULL) {
		n = host_name_len(host);
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			ok |= strlen(names[i]) == n &&
			    strncasecmp(host, names[i], n) == 0;
	}
	if (!ok) {
		snprintf(err, errlen, "this server answers only to 127.0.0.1 "
		    "or localhost, not '%.60s'", host ? host : "");
		return 421;
	}
	if (m == WEB_POST && (type == NULL || strncasecmp(type,
	    "application/json", 16) != 0 || (type[16] != '\0' &&
	    type[16] != ';'))) {
		snprintf(err, errlen, "a POST must be application/json");
		return 415;
	}
	return 0;
}
