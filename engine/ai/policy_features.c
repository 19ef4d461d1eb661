/*
 * policy_features.c: the features of a card play (policy_features.h).
 */
#include <string.h>

#include "policy_features.h"

const char *const policy_feature_names[PF_COUNT] = {
	"rank", "bezique", "marriage_trump", "marriage_plain", "trump",
	"trump_high", "quartet", "brisque", "sequence_plain",
	"win_declare", "win", "win_table", "win_late", "win_brisque_led",
	"lose_brisque",
	"end_rank", "end_trump", "end_win", "end_win_brisque_led",
	"end_lose_brisque",
	"copies", "trump_late", "brisque_late", "lead_brisque",
	"lead_exposed", "win_trumping", "win_led_rank", "seven_trump",
	"end_brisque", "end_win_rank",
};

void
pf_buffers_init(struct pf_buffers *b, const struct game *like)
{
	b->scratch = game_clone(like);
}

void
pf_buffers_free(struct pf_buffers *b)
{
	game_free(b->scratch);
	b->scratch = NULL;
}

int
policy_declaration_after(struct pf_buffers *b, const struct game *g,
    const struct action *a)
{
	int seat = game_to_move(g), best = 0, n;

	game_copy(b->scratch, g);
	if (game_apply(b->scratch, a, NULL) != 0 ||
	    game_decision(b->scratch) != DECISION_DECLARE ||
	    game_to_move(b->scratch) != seat)
		return 0;
	n = game_legal_actions_by_kind(b->scratch, b->after, MAX_LEGAL);
	for (int i = 0; i < n; i++) {
		int p;
		if (b->after[i].type != ACTION_DECLARE)
			continue;
		p = combo_points(game_rules(g), b->after[i].combo,
		    b->after[i].key, game_trump(g));
		if (p > best)
			best = p;
	}
	return best;
}

bool
policy_wins_trick(const uint16_t *trick, int n, int trump, int c)
{
	for (int i = 0; i < n; i++) {
		bool beats = card_suit(c) == card_suit(trick[i]) ?
		    card_rank(c) > card_rank(trick[i]) :
		    trump >= 0 && card_suit(c) == trump;
		if (!beats)
			return false;
	}
	return n > 0;
}

/* What a state shares among its cards. */
struct pf_state {
	struct keep_context k;
	uint8_t		count[CARDS_PER_PACK];	/* held, hand and table */
	uint8_t		other[CARDS_PER_PACK];	/* the other's table */
	uint8_t		beaten[CARDS_PER_PACK];	/* exposed() */
	uint16_t	trick[MAX_PLAYERS];
	int		ntrick, late, other_table;
	bool		end, reply;
};

/* The card's worth to keep, term by term (keep_value_in). */
static void
keep_terms(const struct pf_state *st, int c, int16_t *f)
{
	int suit = card_suit(c), rank = card_rank(c), trump = st->k.trump;

	f[PF_RANK] = (int16_t)rank;
	f[PF_BEZIQUE] = card_kind(c) == st->k.queen ||
	    card_kind(c) == st->k.jack;
	if (rank == RANK_K || rank == RANK_Q) {
		int partner = suit * 8 + (rank == RANK_K ? RANK_Q : RANK_K);
		if (st->count[partner])
			f[suit == trump ? PF_MARRIAGE_TRUMP :
			    PF_MARRIAGE_PLAIN] = 1;
	}
	f[PF_TRUMP] = suit == trump;
	f[PF_TRUMP_HIGH] = suit == trump && rank >= RANK_J;
	if (rank >= RANK_J && rank != RANK_T) {
		int same = 0;
		for (int s = 0; s < NSUITS; s++)
			same += st->count[s * 8 + rank];
		f[PF_QUARTET] = (int16_t)(same >= 2 ? same : 0);
	}
	f[PF_BRISQUE] = card_is_brisque(c);
	if (suit != trump && rank >= RANK_J)
		f[PF_SEQUENCE_PLAIN] =
		    (int16_t)keep_plain_sequence_ranks(st->count, suit);
	f[PF_COPIES] = (int16_t)(st->count[card_kind(c)] - 1);
	f[PF_TRUMP_LATE] = (int16_t)(f[PF_TRUMP] * st->late);
	f[PF_BRISQUE_LATE] = (int16_t)(f[PF_BRISQUE] * st->late);
	f[PF_SEVEN_TRUMP] = suit == trump && rank == RANK_7;
}

/* Leading a card of each kind: the other's tabled cards that would beat
 * it (higher of its suit, or any trump if it is plain). */
static void
exposed(struct pf_state *st)
{
	int trumps = 0, trump = st->k.trump;

	if (trump >= 0)
		for (int r = 0; r < NRANKS; r++)
			trumps += st->other[trump * 8 + r];
	for (int s = 0; s < NSUITS; s++) {
		int above = s != trump && trump >= 0 ? trumps : 0;
		for (int r = NRANKS - 1; r >= 0; r--) {
			st->beaten[s * 8 + r] = (uint8_t)above;
			above += st->other[s * 8 + r];
		}
	}
}

static void
stock_play(struct pf_buffers *b, const struct game *g,
    const struct pf_state *st, const struct action *a, int16_t *f)
{
	int c = a->cards[0], led = st->trick[0];

	keep_terms(st, c, f);
	if (!st->reply) {
		f[PF_LEAD_BRISQUE] = card_is_brisque(c);
		f[PF_LEAD_EXPOSED] = st->beaten[card_kind(c)];
	} else if (policy_wins_trick(st->trick, st->ntrick, st->k.trump, c)) {
		f[PF_WIN_DECLARE] = (int16_t)policy_declaration_after(b, g, a);
		f[PF_WIN] = 1;
		f[PF_WIN_TABLE] = (int16_t)st->other_table;
		f[PF_WIN_LATE] = (int16_t)st->late;
		f[PF_WIN_BRISQUE_LED] = card_is_brisque(led);
		f[PF_WIN_TRUMPING] = card_suit(c) != card_suit(led);
		f[PF_WIN_LED_RANK] = (int16_t)card_rank(led);
	} else {
		f[PF_LOSE_BRISQUE] = card_is_brisque(c);
	}
}

static void
end_play(const struct pf_state *st, int c, int16_t *f)
{
	f[PF_END_RANK] = (int16_t)card_rank(c);
	f[PF_END_TRUMP] = card_suit(c) == st->k.trump;
	f[PF_END_BRISQUE] = card_is_brisque(c);
	if (!st->reply)
		return;
	if (policy_wins_trick(st->trick, st->ntrick, st->k.trump, c)) {
		f[PF_END_WIN] = 1;
		f[PF_END_WIN_BRISQUE_LED] = card_is_brisque(st->trick[0]);
		f[PF_END_WIN_RANK] = (int16_t)card_rank(c);
	} else {
		f[PF_END_LOSE_BRISQUE] = card_is_brisque(c);
	}
}

int
policy_features(struct pf_buffers *b, const struct game *g,
    const struct action *legal, int n, int16_t (*f)[PF_COUNT])
{
	struct pf_state st;
	int seat = game_to_move(g), other = (seat + 1) % game_players(g);
	struct cardset t = game_table(g, other);

	keep_context(g, &st.k);
	keep_count(g, seat, st.count);
	memset(st.other, 0, sizeof(st.other));
	CARDSET_FOREACH(c, &t)
		st.other[card_kind(c)]++;
	st.other_table = cardset_count(&t);
	st.late = 20 - game_stock_left(g) / 2;
	if (st.late < 0)
		st.late = 0;
	st.end = game_phase(g) == PHASE_END;
	st.reply = game_decision(g) == DECISION_REPLY;
	st.ntrick = game_trick_cards(g, st.trick);
	if (!st.end && !st.reply)
		exposed(&st);
	memset(f, 0, sizeof(*f) * (size_t)n);
	for (int i = 0; i < n; i++) {
		if (st.end)
			end_play(&st, legal[i].cards[0], f[i]);
		else
			stock_play(b, g, &st, &legal[i], f[i]);
	}
	return st.end ? PF_KIND_END : st.reply ? PF_KIND_REPLY : PF_KIND_LEAD;
}

void
policy_features_of_scale(const struct keep_weights *w, double *theta)
{
	memset(theta, 0, sizeof(double) * PF_COUNT);
	theta[PF_RANK] = w->rank;
	theta[PF_BEZIQUE] = w->bezique;
	theta[PF_MARRIAGE_TRUMP] = w->marriage_trump;
	theta[PF_MARRIAGE_PLAIN] = w->marriage_plain;
	theta[PF_TRUMP] = w->trump;
	theta[PF_TRUMP_HIGH] = w->trump_high;
	theta[PF_QUARTET] = w->quartet;
	theta[PF_BRISQUE] = w->brisque;
	theta[PF_SEQUENCE_PLAIN] = w->sequence_plain;
	/* Winning lowers the score by the gain of the trick. */
	theta[PF_WIN_DECLARE] = -1;
	theta[PF_WIN] = -w->trick;
	theta[PF_WIN_TABLE] = -w->trick_table;
	theta[PF_WIN_LATE] = -w->trick_late;
	theta[PF_WIN_BRISQUE_LED] = -w->brisque_won;
	theta[PF_LOSE_BRISQUE] = w->brisque_given;
	/* The end phase: rank and trumps, any winner worth 100. */
	theta[PF_END_RANK] = 4;
	theta[PF_END_TRUMP] = 40;
	theta[PF_END_WIN] = -100;
	theta[PF_END_WIN_BRISQUE_LED] = -w->brisque_won;
	theta[PF_END_LOSE_BRISQUE] = w->brisque_given;
}

/* The features each kind of decision may set, in order: the others are
 * 0, so that a sum over these alone is the full sum, to the last bit. */
static const uint8_t kind_features[3][PF_COUNT + 1] = {
	[PF_KIND_LEAD] = { 15, PF_RANK, PF_BEZIQUE, PF_MARRIAGE_TRUMP,
	    PF_MARRIAGE_PLAIN, PF_TRUMP, PF_TRUMP_HIGH, PF_QUARTET,
	    PF_BRISQUE, PF_SEQUENCE_PLAIN, PF_COPIES, PF_TRUMP_LATE,
	    PF_BRISQUE_LATE, PF_LEAD_BRISQUE, PF_LEAD_EXPOSED,
	    PF_SEVEN_TRUMP },
	[PF_KIND_REPLY] = { 21, PF_RANK, PF_BEZIQUE, PF_MARRIAGE_TRUMP,
	    PF_MARRIAGE_PLAIN, PF_TRUMP, PF_TRUMP_HIGH, PF_QUARTET,
	    PF_BRISQUE, PF_SEQUENCE_PLAIN, PF_WIN_DECLARE, PF_WIN,
	    PF_WIN_TABLE, PF_WIN_LATE, PF_WIN_BRISQUE_LED, PF_LOSE_BRISQUE,
	    PF_COPIES, PF_TRUMP_LATE, PF_BRISQUE_LATE, PF_WIN_TRUMPING,
	    PF_WIN_LED_RANK, PF_SEVEN_TRUMP },
	[PF_KIND_END] = { 7, PF_END_RANK, PF_END_TRUMP, PF_END_WIN,
	    PF_END_WIN_BRISQUE_LED, PF_END_LOSE_BRISQUE, PF_END_BRISQUE,
	    PF_END_WIN_RANK },
};

int
policy_lowest(const double *theta, const int16_t (*f)[PF_COUNT], int n,
    int kind)
{
	const uint8_t *use = kind_features[kind];
	int best = 0;
	double best_score = 0;

	for (int i = 0; i < n; i++) {
		double s = 0;
		for (int k = 1; k <= use[0]; k++)
			s += theta[use[k]] * f[i][use[k]];
		if (i == 0 || s < best_score) {
			best_score = s;
			best = i;
		}
	}
	return best;
}
