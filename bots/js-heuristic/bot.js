#!/usr/bin/env node
'use strict';
/*
 * A heuristic bot for Rubicon Bezique, in plain Node.js.  It knows no rules:
 * it picks from the legal list of each request, with the seat view's help.
 *
 *   carte blanche: always claim it;
 *   declare:       the declaration that scores most;
 *   reply:         while the stock lasts, win the trick as cheaply as
 *                  possible if the hand holds a declaration to make (only
 *                  the trick's winner may declare), else throw a low card;
 *                  in the end phase, win cheaply when possible;
 *   lead:          a low card.
 */
const bzp = require('../lib/js/bzp.js');

// Points of each declaration.  Marriages and sequences score more in
// trumps; before trump is fixed ("-") the first one makes its suit trump.
const POINTS = {
  bezique: 40, 'double-bezique': 500, 'triple-bezique': 1500,
  'quadruple-bezique': 4500, 'four-aces': 100, 'four-tens': 90,
  'four-kings': 80, 'four-queens': 60, 'four-jacks': 40,
};

// Rank order, highest first ("10" is also accepted for a ten).
const RANKS = 'ATKQJ987';

// What a card is worth keeping, by rank: 7, 8, 9 are chaff, the court
// cards make declarations, aces and tens are brisques (10 points in tricks).
const KEEP = { 7: 0, 8: 1, 9: 2, J: 4, Q: 5, K: 5, T: 6, A: 7 };

/* "QS#2" -> { rank: 'Q', suit: 'S', kind: 'QS' }. */
function parseCard(card) {
  const m = /^(10|[ATKQJ987])([SHDC])/.exec(card);
  if (!m) return null;
  const rank = m[1] === '10' ? 'T' : m[1];
  return { rank, suit: m[2], kind: rank + m[2] };
}

function declarationPoints(action, trump) {
  const [combo, cards = ''] = action.split(':');
  if (combo === 'marriage' || combo === 'sequence') {
    const first = parseCard(cards.split('+')[0]);
    const inTrumps = trump === '-' || (first && first.suit === trump);
    if (combo === 'marriage') return inTrumps ? 40 : 20;
    return inTrumps ? 250 : 150;
  }
  return POINTS[combo] || 0;
}

/* The lower, the more willing we are to give this card away. */
function keepValue(card, trump) {
  const c = parseCard(card);
  if (!c) return 100;
  let value = KEEP[c.rank];
  if (c.suit === trump) value += 8; // trumps win tricks: keep them
  if (c.kind === 'QS' || c.kind === 'JD') value += 1; // the bezique cards
  return value;
}

/* Whether `card`, played second, beats the `led` card (while following
 * is free).  Of identical cards the first played wins. */
function beats(card, led, trump) {
  const a = parseCard(card);
  const b = parseCard(led);
  if (!a || !b) return false;
  if (a.suit === b.suit) return RANKS.indexOf(a.rank) < RANKS.indexOf(b.rank);
  return a.suit === trump;
}

/*
 * The kinds of card ("KH") in declarations we could make with the hand and
 * the table, counting only those with at least one card from the hand
 * (table cards alone were declared already).  A rough guess: it ignores
 * the re-use rules, which only the legal lists of a `declare` know.
 */
function declarationCards(hand, table) {
  const handKinds = new Set(hand.map((c) => (parseCard(c) || {}).kind));
  const all = hand.concat(table).map(parseCard).filter(Boolean);
  const have = new Set(all.map((c) => c.kind));
  const wanted = [['QS', 'JD']]; // bezique
  for (const s of 'SHDC') {
    wanted.push(['K' + s, 'Q' + s]); // marriage
    wanted.push(['A' + s, 'T' + s, 'K' + s, 'Q' + s, 'J' + s]); // sequence
  }
  const kinds = new Set();
  for (const combo of wanted) {
    if (combo.every((k) => have.has(k)) && combo.some((k) => handKinds.has(k))) {
      combo.forEach((k) => kinds.add(k));
    }
  }
  for (const r of 'AKQJ') { // four aces, kings, queens, jacks (any suits)
    const ofRank = all.filter((c) => c.rank === r);
    if (ofRank.length >= 4 && hand.some((c) => (parseCard(c) || {}).rank === r)) {
      ofRank.forEach((c) => kinds.add(c.kind));
    }
  }
  return kinds;
}

/* The card of `cards` we mind least giving away. */
function cheapest(cards, trump, avoid = new Set()) {
  const cost = (c) => keepValue(c, trump) + (avoid.has((parseCard(c) || {}).kind) ? 20 : 0);
  return cards.reduce((best, c) => (cost(c) < cost(best) ? c : best));
}

function choose(request) {
  const { legal, view } = request;
  const trump = view.trump || '-';
  switch (request.decision) {
    case 'carte-blanche':
      return legal.includes('carte-blanche') ? 'carte-blanche' : legal[0];
    case 'declare': {
      // The best-scoring declaration; pass only if nothing else is legal.
      let best = 'pass';
      for (const a of legal) {
        if (a !== 'pass' && (best === 'pass' ||
            declarationPoints(a, trump) > declarationPoints(best, trump))) best = a;
      }
      return legal.includes(best) ? best : legal[0];
    }
    case 'reply': {
      const led = bzp.cardList((view.trick || '-').replace(/\./g, ','))[0];
      const hand = bzp.cardList(view['hand' + view.seat]);
      const table = bzp.cardList(view['table' + view.seat]);
      const combo = declarationCards(hand, table);
      const winners = legal.filter((c) => beats(c, led, trump));
      const wantTrick = view.phase === 'end' || combo.size > 0;
      if (wantTrick && winners.length > 0) return cheapest(winners, trump, combo);
      return cheapest(legal, trump, combo);
    }
    default: { // lead: a low card, keeping the declaration cards
      const hand = bzp.cardList(view['hand' + view.seat]);
      const table = bzp.cardList(view['table' + view.seat]);
      return cheapest(legal, trump, declarationCards(hand, table));
    }
  }
}

module.exports = { choose, declarationPoints, beats, keepValue, declarationCards };

if (require.main === module) {
  bzp.run(choose, { name: 'js-heuristic', author: 'The Bezique project' });
}
