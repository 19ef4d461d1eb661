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
	struct cardset	other;	/* the other's table */
	int		same[NRANKS];	/* copies held of each rank, J up */
	int		sequence[NSUITS];	/* keep_plain_sequence_ranks */
	uint16_t	trick[MAX_PLAYERS];
	int		ntrick, late, other_table;
	bool		end, reply;
};

/*
 * Where a card's features go: into a row of policy_features, or straight
 * into the learned score theta . f, each term added as it is found.  The
 * features are found in the order of enum policy_feature, so the score
 * is the sum over the row in that order to the last bit (a zero term
 * leaves a sum as it was, but for the sign of a zero, which compares
 * equal), without a row of thirty to clear and read back for every card
 * of every simulated trick.
 */
struct pf_out {
	int16_t		*f;	/* the row, or NULL: the score */
	const double	*theta;
	double		 score;
};

/* Inlined into both of its callers, each its own copy: the row's, and
 * the score's with the sum kept in a register. */
#define PF_INLINE	static inline __attribute__((always_inline))

PF_INLINE void
put(struct pf_out *o, int k, int v)
{
	if (o->f != NULL)
		o->f[k] = (int16_t)v;
	else
		o->score += o->theta[k] * (int16_t)v;
}

/* A feature of value 0 or 1: a 0 is not added (the row is cleared). */
PF_INLINE void
flag(struct pf_out *o, int k, bool on)
{
	if (on)
		put(o, k, 1);
}

/* The card's worth to keep, term by term (keep_value_in). */
PF_INLINE void
keep_terms(const struct pf_state *st, int c, struct pf_out *t)
{
	int suit = card_suit(c), rank = card_rank(c), trump = st->k.trump;

	put(t, PF_RANK, rank);
	flag(t, PF_BEZIQUE, card_kind(c) == st->k.queen ||
	    card_kind(c) == st->k.jack);
	if (rank == RANK_K || rank == RANK_Q) {
		int partner = suit * 8 + (rank == RANK_K ? RANK_Q : RANK_K);
		if (st->count[partner])
			put(t, suit == trump ? PF_MARRIAGE_TRUMP :
			    PF_MARRIAGE_PLAIN, 1);
	}
	if (suit == trump) {
		put(t, PF_TRUMP, 1);
		flag(t, PF_TRUMP_HIGH, rank >= RANK_J);
	}
	if (rank >= RANK_J && rank != RANK_T)
		put(t, PF_QUARTET, st->same[rank] >= 2 ? st->same[rank] : 0);
	flag(t, PF_BRISQUE, card_is_brisque(c));
	if (suit != trump && rank >= RANK_J)
		put(t, PF_SEQUENCE_PLAIN, st->sequence[suit]);
}

/* Leading card c: the other's tabled cards that would beat it (higher
 * of its suit, or any trump if it is plain), counted by kinds in each
 * half of each word of the set (a card's number modulo 32 is its kind). */
static inline int
exposed(const struct pf_state *st, int c)
{
	int suit = card_suit(c), trump = st->k.trump, n = 0;
	uint64_t beats = (0xfeu << card_rank(c) & 0xffu) << suit * 8;

	if (trump >= 0 && suit != trump)
		beats |= 0xffu << trump * 8;
	beats |= beats << 32;
	for (int i = 0; i < CARDSET_WORDS; i++)
		n += __builtin_popcountll(st->other.w[i] & beats);
	return n;
}

/* What a stock trick's card is besides its worth to keep: the copies
 * held, trump or brisque late, and what leading it risks. */
PF_INLINE void
late_terms(const struct pf_state *st, int c, struct pf_out *t)
{
	bool trump = card_suit(c) == st->k.trump;

	put(t, PF_COPIES, st->count[card_kind(c)] - 1);
	if (trump)
		put(t, PF_TRUMP_LATE, st->late);
	if (card_is_brisque(c))
		put(t, PF_BRISQUE_LATE, st->late);
	if (!st->reply) {
		flag(t, PF_LEAD_BRISQUE, card_is_brisque(c));
		put(t, PF_LEAD_EXPOSED, exposed(st, c));
	}
}

PF_INLINE void
stock_play(struct pf_buffers *b, const struct game *g,
    const struct pf_state *st, const struct action *a, bool wins,
    struct pf_out *t)
{
	int c = a->cards[0], led = st->trick[0];

	keep_terms(st, c, t);
	if (wins) {
		put(t, PF_WIN_DECLARE, policy_declaration_after(b, g, a));
		put(t, PF_WIN, 1);
		put(t, PF_WIN_TABLE, st->other_table);
		put(t, PF_WIN_LATE, st->late);
		flag(t, PF_WIN_BRISQUE_LED, card_is_brisque(led));
	} else if (st->reply) {
		flag(t, PF_LOSE_BRISQUE, card_is_brisque(c));
	}
	late_terms(st, c, t);
	if (wins) {
		flag(t, PF_WIN_TRUMPING, card_suit(c) != card_suit(led));
		put(t, PF_WIN_LED_RANK, card_rank(led));
	}
	flag(t, PF_SEVEN_TRUMP, card_suit(c) == st->k.trump &&
	    card_rank(c) == RANK_7);
}

PF_INLINE void
end_play(const struct pf_state *st, int c, bool wins, struct pf_out *t)
{

	put(t, PF_END_RANK, card_rank(c));
	flag(t, PF_END_TRUMP, card_suit(c) == st->k.trump);
	if (wins) {
		put(t, PF_END_WIN, 1);
		flag(t, PF_END_WIN_BRISQUE_LED,
		    card_is_brisque(st->trick[0]));
	} else if (st->reply) {
		flag(t, PF_END_LOSE_BRISQUE, card_is_brisque(c));
	}
	flag(t, PF_END_BRISQUE, card_is_brisque(c));
	if (wins)
		put(t, PF_END_WIN_RANK, card_rank(c));
}

/* The kinds seat holds at least one of, in hand or on its table: bit k
 * for kind k (a card's number modulo 32 is its kind). */
static uint32_t
kinds_held(const struct game *g, int seat)
{
	struct cardset mine = cardset_or(game_hand(g, seat),
	    game_table(g, seat));
	uint64_t any = 0;

	for (int i = 0; i < CARDSET_WORDS; i++)
		any |= mine.w[i];
	return (uint32_t)any | (uint32_t)(any >> 32);
}

/* What the cards of a decision share: counted once, not once a card. */
static int
state_of(const struct game *g, struct pf_state *st)
{
	int seat = game_to_move(g), other = (seat + 1) % game_players(g);
	uint32_t held;

	st->end = game_phase(g) == PHASE_END;
	st->reply = game_decision(g) == DECISION_REPLY;
	st->ntrick = game_trick_cards(g, st->trick);
	keep_context(g, &st->k);
	if (st->end)
		return PF_KIND_END;
	keep_count(g, seat, st->count);
	for (int r = RANK_J; r < NRANKS; r++)
		st->same[r] = st->count[r] + st->count[8 + r] +
		    st->count[16 + r] + st->count[24 + r];
	/* keep_plain_sequence_ranks: of J Q K T A (ranks 3 to 7). */
	held = kinds_held(g, seat);
	for (int s = 0; s < NSUITS; s++) {
		int ranks = __builtin_popcount((held >> (s * 8)) & 0xf8);
		st->sequence[s] = ranks > 3 ? ranks - 3 : 0;
	}
	st->other = game_table(g, other);
	st->other_table = cardset_count(&st->other);
	st->late = 20 - game_stock_left(g) / 2;
	if (st->late < 0)
		st->late = 0;
	return st->reply ? PF_KIND_REPLY : PF_KIND_LEAD;
}

/* Whether card c wins the trick being replied to. */
static inline bool
wins_trick(const struct pf_state *st, int c)
{
	return st->reply &&
	    policy_wins_trick(st->trick, st->ntrick, st->k.trump, c);
}

PF_INLINE void
card_out(struct pf_buffers *b, const struct game *g,
    const struct pf_state *st, const struct action *a, bool wins,
    struct pf_out *o)
{
	if (st->end)
		end_play(st, a->cards[0], wins, o);
	else
		stock_play(b, g, st, a, wins, o);
}

int
policy_features(struct pf_buffers *b, const struct game *g,
    const struct action *legal, int n, int16_t (*f)[PF_COUNT])
{
	struct pf_state st;
	int kind = state_of(g, &st);

	memset(f, 0, sizeof(*f) * (size_t)n);
	for (int i = 0; i < n; i++) {
		struct pf_out o = { .f = f[i] };
		card_out(b, g, &st, &legal[i],
		    wins_trick(&st, legal[i].cards[0]), &o);
	}
	return kind;
}

int
policy_choose(struct pf_buffers *b, const struct game *g,
    const struct action *legal, int n, const double *theta)
{
	struct pf_state st;
	int best = 0;
	double best_score = 0;

	state_of(g, &st);
	for (int i = 0; i < n; i++) {
		struct pf_out o = { .theta = theta };
		card_out(b, g, &st, &legal[i],
		    wins_trick(&st, legal[i].cards[0]), &o);
		if (i == 0 || o.score < best_score) {
			best_score = o.score;
			best = i;
		}
	}
	return best;
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
