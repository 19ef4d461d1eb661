// The lines a seat is told in a deal (protocol.md's events) in words:
// the page's deal log, the declarations it shows on the table and the
// score after each trick for the summary's chart.
'use strict';

// 1240 as "1,240", as the page writes every score.
function fmtNum(n) {
  return Number(n).toLocaleString('en-GB');
}

// Reads the lines of a deal to the seat `me`: what happened in words
// (oldest first), the declarations made, the score after each trick.
// result: the deal's result once over (its failure in words, if an
// engine failed); trump0: the trump from the deal on (a turn-up's), if
// known.
function narrate(lines, me, names, result, trump0) {
  const out = { entries: [], decls: [], series: [[], []], brisques: [0, 0], tricks: 0, lastTrick: '' };
  const pts = [0, 0];
  const who = (s) => (Number(s) === me ? 'you' : names[Number(s)]);
  const Who = (s) => { const w = who(s); return w.charAt(0).toUpperCase() + w.slice(1); };
  const verb = (s, v) => (Number(s) === me ? v : v + 's');
  let trump = trump0 || null;
  let several = false;   // a game of several deals: totals, no game value
  let plays = [];
  let draws = [];
  const add = (html, cls) => out.entries.push({ html, cls: cls ? 'l-' + cls : '' });
  const flushDraws = () => {
    if (draws.length) add(draws.join(', ') + '.', 'draw');
    draws = [];
  };
  const trickWords = () => plays.map((p, i) => `${i ? who(p.seat) : Who(p.seat)} ${verb(p.seat, i ? 'play' : 'lead')} ` +
    cardHtml(p.card) + (p.from === 'table' ? ' from the table' : '')).join(', ');
  for (const line of lines) {
    const kv = kvOf(line);
    const kind = line.startsWith('event ') ? line.split(' ')[1] : line.split(' ')[0];
    if (kind !== 'draw') flushDraws();
    switch (kind) {
      case 'newgame':
        several = kv.variant === 'two-hand';
        add(`A new deal: ${Number(kv.seat) === Number(kv.dealer) ? `you deal, ${names[1 - me]} leads`
          : 'you are the elder hand and lead'}.`, 'head');
        break;
      case 'deal':
        add('Your hand: ' + sortCards(kv.hand.split(','), trump).map(cardHtml).join(' ') + '.');
        break;
      case 'play':
        plays.push({ seat: kv.seat, card: kv.card, from: kv.from });
        break;
      case 'trick': {
        const cards = plays.map((p) => p.card);
        const b = cards.filter((c) => /^[AT]/.test(c)).length;
        out.brisques[Number(kv.winner)] += b;
        add(`${trickWords()}: ${who(kv.winner)} ${verb(kv.winner, 'win')}` +
          (b ? ` (${b} brisque${b > 1 ? 's' : ''})` : '') + '.', 'trick');
        out.lastTrick = `last trick: ${cards.map(cardHtml).join(' ')} to ${esc(who(kv.winner))}`;
        plays = [];
        out.tricks++;
        out.series[0].push([out.tricks, pts[0]]);
        out.series[1].push([out.tricks, pts[1]]);
        break;
      }
      case 'draw':
        draws.push(`${draws.length ? who(kv.seat) : Who(kv.seat)} ${verb(kv.seat, 'draw')} ` + (kv.card === '??' ? 'a card' : cardHtml(kv.card)));
        break;
      case 'declare': {
        const d = declParts(kv.action, trump);
        pts[Number(kv.seat)] += Number(kv.points) || 0;
        out.decls.push({ seat: Number(kv.seat), action: kv.action, name: d.name, points: Number(kv.points) });
        add(`${Who(kv.seat)} ${verb(kv.seat, 'declare')} ${esc(d.name)} (` +
          d.cards.map(cardHtml).join(' ') + `) · ${kv.points}.`, 'declare');
        break;
      }
      case 'trump':
        trump = kv.suit;
        add(`Trump is ${SUIT_NAMES[kv.suit]} ${cardHtml('A' + kv.suit).replace(/>A/, '>')}.`, 'trump');
        break;
      case 'carte-blanche':
        pts[Number(kv.seat)] += Number(kv.points) || 0;
        add(`${Who(kv.seat)} ${verb(kv.seat, 'show')} carte blanche: ` +
          (kv.cards || '').split(',').map(cardHtml).join(' ') + ` · ${kv.points}.`, 'declare');
        break;
      case 'endphase':
        add('The stock is empty: now follow suit and win the trick if you can.', 'head');
        break;
      case 'lasttrick':
        pts[Number(kv.seat)] += Number(kv.points) || 0;
        add(`${Who(kv.seat)} ${verb(kv.seat, 'score')} ${kv.points} for the last trick.`);
        if (out.tricks) {
          out.series[0][out.series[0].length - 1][1] = pts[0];
          out.series[1][out.series[1].length - 1][1] = pts[1];
        }
        break;
      case 'gameover': {
        // A trick cut short by a failure is not told after the end.
        if (plays.length) add(trickWords() + '…', 'trick');
        plays = [];
        const p = (kv.points || '0,0').split(',');
        const w = Number(kv.winner);
        const failure = result && result.failure ? `${esc(result.failure)}: ` : '';
        const t = (kv.totals || '0,0').split(',');
        add(`The deal is over: ${failure}` + (w < 0 ? 'drawn' : `${who(w)} ${verb(w, 'win')}`) +
          (failure ? ' by forfeit' : `, ${fmtNum(p[me])} to ${fmtNum(p[1 - me])}`) + (several
          ? `; the game ${fmtNum(t[me])} to ${fmtNum(t[1 - me])}${kv.gameover === '1' ? ', over' : ''}.`
          : `; game value ${fmtNum(kv.value)}${kv.rubicon === '1' && !failure ? ' (rubicon)' : ''}.`), 'head');
        break;
      }
      default:
        break;
    }
  }
  flushDraws();
  if (plays.length) add(trickWords() + '…', 'trick');
  return out;
}
