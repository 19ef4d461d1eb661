/*
 * bzp.c: splitting protocol lines and writing event lines (bzp.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bzp.h"

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static char *
skip_space(char *s)
{
	while (is_space(*s))
		s++;
	return s;
}

/* Ends the free-text tail at its trailing white space. */
static void
trim_tail(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && is_space(s[n - 1]))
		s[--n] = '\0';
}

/* Whether the rest of the line after this token is free text. */
static bool
tail_follows(const struct bzp_msg *m, const char *tok)
{
	if (strcmp(m->cmd, "id") == 0)
		return m->ntok == 1;
	if (strcmp(m->cmd, "go") == 0 || strcmp(m->cmd, "hint") == 0)
		return strcmp(tok, "view") == 0;
	if (strcmp(m->cmd, "info") == 0)
		return strcmp(tok, "string") == 0;
	return false;
}

int
bzp_parse(char *line, struct bzp_msg *m)
{
	char *s = skip_space(line);

	memset(m, 0, sizeof(*m));
	if (*s == '\0')
		return -1;
	m->cmd = s;
	while (*s != '\0' && !is_space(*s))
		s++;
	if (*s != '\0')
		*s++ = '\0';
	if (strcmp(m->cmd, "position") == 0) {
		m->tail = skip_space(s);
		trim_tail(s);
		return 0;
	}
	for (s = skip_space(s); *s != '\0'; s = skip_space(s)) {
		char *tok = s;
		while (*s != '\0' && !is_space(*s))
			s++;
		if (*s != '\0')
			*s++ = '\0';
		if (m->ntok < BZP_MAX_TOKENS)
			m->tok[m->ntok++] = tok;
		if (tail_follows(m, tok)) {
			m->tail = skip_space(s);
			trim_tail(s);
			break;
		}
	}
	return 0;
}

const char *
bzp_get(const struct bzp_msg *m, const char *key)
{
	size_t n = strlen(key);

	for (int i = 0; i < m->ntok; i++)
		if (strncmp(m->tok[i], key, n) == 0 && m->tok[i][n] == '=')
			return m->tok[i] + n + 1;
	return NULL;
}

bool
bzp_has(const struct bzp_msg *m, const char *word)
{
	for (int i = 0; i < m->ntok; i++)
		if (strcmp(m->tok[i], word) == 0)
			return true;
	return false;
}

int
bzp_parse_int(const char *s, long long min, long long max, long long *out)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
bzp_get_int(const struct bzp_msg *m, const char *key, long long min,
    long long max, long long *out)
{
	const char *v = bzp_get(m, key);

	if (v == NULL)
		return 1;
	return bzp_parse_int(v, min, max, out);
}

const char *
bzp_decision_name(enum decision d)
{
	static const char *const names[] = { "none", "lead", "reply",
		"declare", "carte-blanche" };

	return (unsigned)d < 5 ? names[d] : "none";
}

/* "AS#1,TS#2" (sep ',') or "KH#1+QH#2" (sep '+'); "-" when empty. */
static void
cards_text(const uint16_t *cards, int n, char sep, char *buf, size_t len)
{
	char t[CARD_TEXT_MAX];
	size_t k = 0;

	buf[0] = '\0';
	if (n == 0)
		snprintf(buf, len, "-");
	for (int i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s",
		    i ? (sep == '+' ? "+" : ",") : "",
		    cards[i] == NO_CARD ? "??" : card_format(cards[i], t));
}

size_t
bzp_format_event(const struct event *in, int seat, char *buf, size_t len)
{
	struct event ev;
	struct action a;
	char cards[256], act[ACTION_TEXT_MAX];
	int n;

	if (!event_for_seat(in, seat, &ev))
		return 0;
	cards_text(ev.cards, ev.ncards, ',', cards, sizeof(cards));
	switch (ev.type) {
	case EVENT_DEAL:
		n = snprintf(buf, len, "event deal seat=%d hand=%s", ev.seat,
		    cards);
		break;
	case EVENT_CARTE_BLANCHE:
		n = snprintf(buf, len, "event carte-blanche seat=%d cards=%s "
		    "points=%d", ev.seat, cards, ev.points);
		break;
	case EVENT_PLAY:
		n = snprintf(buf, len, "event play seat=%d card=%s from=%s",
		    ev.seat, cards, ev.key ? "table" : "hand");
		break;
	case EVENT_TRICK:
		n = snprintf(buf, len, "event trick winner=%d cards=%s",
		    ev.seat, cards);
		break;
	case EVENT_DECLARE:
		event_action(&ev, &a);
		n = snprintf(buf, len, "event declare seat=%d action=%s "
		    "points=%d", ev.seat, action_format(&a, act, sizeof(act)),
		    ev.points);
		break;
	case EVENT_TRUMP:
		n = snprintf(buf, len, "event trump suit=%c",
		    card_suit_char(ev.key));
		break;
	case EVENT_DRAW:
		n = snprintf(buf, len, "event draw seat=%d card=%s", ev.seat,
		    cards);
		break;
	case EVENT_END_PHASE:
		n = snprintf(buf, len, "event endphase");
		break;
	case EVENT_LAST_TRICK:
		n = snprintf(buf, len, "event lasttrick seat=%d points=%d",
		    ev.seat, ev.points);
		break;
	default:
		return 0;
	}
	return n > 0 ? (size_t)n : 0;
}
