// The table view shared by play, replay and watch: both seats' hands,
// their declared cards grouped by declaration, the stock, trump, the
// trick, scores, brisques, whose turn, the clocks; and the words and
// charts the page says things with.
'use strict';

const SUITS = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };
const SUIT_NAMES = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const RANK_NAMES = { A: 'ace', T: 'ten', K: 'king', Q: 'queen', J: 'jack', 9: 'nine', 8: 'eight', 7: 'seven' };
const RANK_ORDER = 'AT' + 'KQJ987';

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

function cardParts(text) {
  const m = /^([AKQJT987]|10)([SHDC])(?:#(\d+))?$/.exec(text || '');
  return m ? { rank: m[1] === '10' ? 'T' : m[1], suit: m[2], copy: m[3] } : null;
}

// "A♥" as HTML, red for hearts and diamonds; never the copy.
function cardHtml(text) {
  const p = cardParts(text);
  if (!p) return 'a card';
  return `<span class="cw${p.suit === 'H' || p.suit === 'D' ? ' red' : ''}">` +
    `${p.rank === 'T' ? '10' : p.rank}${SUITS[p.suit]}</span>`;
}

function cardText(text) {
  const p = cardParts(text);
  return p ? `${p.rank === 'T' ? '10' : p.rank}${SUITS[p.suit]}` : '?';
}

function cardName(text) {
  const p = cardParts(text);
  return p ? `the ${RANK_NAMES[p.rank]} of ${SUIT_NAMES[p.suit]}` : 'a card';
}

// The hand as a player holds it: by suit, trumps first once fixed, the
// colours alternating, each suit from the ace down.
function suitOrder(trump) {
  const base = ['S', 'H', 'C', 'D'];
  return trump ? [trump].concat(base.filter((s) => s !== trump)) : base;
}

function sortCards(cards, trump) {
  const order = suitOrder(trump);
  const key = (c) => {
    const p = cardParts(c);
    return p ? order.indexOf(p.suit) * 10 + RANK_ORDER.indexOf(p.rank) : 99;
  };
  return cards.slice().sort((a, b) => key(a) - key(b));
}

// A declaration's cards in the one order the page shows them in, the
// buttons, the log and the summary alike: by rank, ace first (so the
// bézique is always Q♠ J♦ and a sequence A 10 K Q J), then by suit.
function declCards(cards) {
  const key = (c) => {
    const p = cardParts(c);
    return p ? RANK_ORDER.indexOf(p.rank) * 10 + 'SHCD'.indexOf(p.suit) : 99;
  };
  return cards.slice().sort((a, b) => key(a) - key(b));
}

// A declaration's action text ("marriage:KH#1+QH#2") in words:
// { name: "Royal marriage", cards: [...] }.  A marriage or sequence in
// trumps, or the first one (which fixes trump), is royal or the trump
// sequence; in another suit, a marriage or a (plain) sequence.
function declParts(action, trump) {
  const i = action.indexOf(':');
  const combo = i < 0 ? action : action.slice(0, i);
  const cards = i < 0 ? [] : declCards(action.slice(i + 1).split('+'));
  let name = combo.replace(/-/g, ' ').replace(/bezique/, 'bézique');
  const s = cardParts(cards[0]);
  const inTrumps = !trump || (s && s.suit === trump);
  if (combo === 'marriage') {
    name = inTrumps ? 'royal marriage' : 'marriage';
  } else if (combo === 'sequence') {
    name = inTrumps ? 'trump sequence' : 'sequence';
  } else if (combo === 'exchange') {
    name = 'exchange of the seven of trumps';
  } else if (combo === 'seven') {
    name = 'the seven of trumps';
  }
  return { name: name.charAt(0).toUpperCase() + name.slice(1), cards, combo };
}

// A button's text for a choice other than a card.
function choiceWords(action, view) {
  if (action === 'pass') return 'Pass';
  if (action === 'carte-blanche') return 'Carte blanche';
  const d = declParts(action, view.trump);
  const pts = view.declare_points && view.declare_points[action];
  const cards = d.cards.map(cardHtml).join(' ');
  if (d.combo === 'exchange') return `Exchange ${cards} for the turn-up · 10`;
  if (d.combo === 'seven') return `Declare the seven of trumps ${cards} · 10`;
  return `${esc(d.name)} (${cards})` + (pts !== undefined ? ` · ${pts}` : '');
}

function el(tag, cls, html) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (html !== undefined) e.innerHTML = html;
  return e;
}

function cardEl(text, opts) {
  const o = opts || {};
  const e = el('div', 'card' + (o.cls ? ' ' + o.cls : ''));
  const p = cardParts(text);
  e.appendChild(Cards.svg(p ? text : '??'));
  if (p) {
    e.dataset.card = text;
    e.setAttribute('aria-label', cardName(text));
  } else {
    e.setAttribute('aria-label', 'a hidden card');
  }
  return e;
}

function clockText(ms) {
  const s = Math.floor((ms || 0) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// One table in the page: built once in root, then updated with a model:
// { view, bottom (the seat drawn at the bottom), names[], decls[] (seat,
// action, points, in order), clocks[] (ms), trick (cards to show, if
// not the view's), lastTrick, choices (legal actions, if the bottom seat
// may act), onChoice(action, el), hinted (an action) }.
class TableView {
  constructor(root) {
    this.root = root;
    root.innerHTML = `
      <div class="seat top">
        <div class="plate"><span class="turn"></span><span class="name"></span>
          <span class="score"></span><span class="brisq"></span><span class="clock"></span></div>
        <div class="row"><div class="hand backs"></div><div class="melds"></div></div>
      </div>
      <div class="center">
        <div class="stock"><div class="pile"></div><div class="count"></div></div>
        <div class="trumpbox"><div class="trumpsuit"></div><div class="trumpword"></div></div>
        <div class="trick"></div>
        <div class="lasttrick"></div>
      </div>
      <div class="seat bottom">
        <div class="melds"></div>
        <div class="hand mine"></div>
        <div class="plate"><span class="turn"></span><span class="name"></span>
          <span class="score"></span><span class="brisq"></span><span class="clock"></span></div>
      </div>
      <div class="decisions"></div>`;
    this.q = (sel) => root.querySelector(sel);
  }

  seatEl(pos) { return this.q(pos === 'top' ? '.seat.top' : '.seat.bottom'); }

  update(m) {
    const v = m.view;
    const bottom = m.bottom;
    const top = 1 - bottom;
    const choices = m.choices || null;
    this.choiceEls = [];
    for (const [pos, seat] of [['top', top], ['bottom', bottom]]) {
      const s = this.seatEl(pos);
      const plate = s.querySelector('.plate');
      plate.querySelector('.name').textContent = m.names[seat];
      plate.querySelector('.score').textContent = `${v.points[seat]}`;
      plate.querySelector('.brisq').textContent = `brisques ${v.brisques[seat]}`;
      plate.querySelector('.clock').textContent = m.clocks ? clockText(m.clocks[seat]) : '';
      const turn = !v.phase || v.phase !== 'over' ? v.turn === seat : false;
      s.classList.toggle('to-move', turn);
      plate.querySelector('.turn').textContent = turn ? '●' : '';
      this.drawHand(s.querySelector('.hand'), v, seat, pos, choices, m);
      this.drawMelds(s.querySelector('.melds'), v, seat, pos, choices, m);
    }
    this.drawCenter(v, m);
    this.drawDecisions(v, choices, m);
  }

  // A card the bottom seat may play: the legal action naming it, or a
  // copy of the same kind in the same place (the list names one copy).
  playAction(choices, card, place) {
    if (!choices) return null;
    if (choices.includes(card)) return card;
    const kind = card.split('#')[0];
    return choices.find((a) => a.split('#')[0] === kind && place.includes(a)) || null;
  }

  makeChoice(e, action, m) {
    e.classList.add('legal');
    e.dataset.action = action;
    e.tabIndex = 0;
    e.setAttribute('role', 'button');
    const n = this.choiceEls.length + 1;
    if (n <= 10) e.dataset.key = String(n % 10);
    if (m.hinted === action) e.classList.add('hinted');
    e.addEventListener('click', () => m.onChoice(action, e));
    e.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); m.onChoice(action, e); }
    });
    this.choiceEls.push(e);
  }

  drawHand(box, v, seat, pos, choices, m) {
    const h = v.hands[seat];
    const cards = sortCards(h.cards, v.trump);
    const mine = pos === 'bottom' && choices;
    const els = cards.map((c) => {
      const e = cardEl(c);
      const a = mine ? this.playAction(choices, c, h.cards) : null;
      if (a) this.makeChoice(e, a, m);
      return e;
    });
    for (let i = 0; i < h.hidden; i++) els.push(cardEl('??', { cls: 'back' }));
    box.replaceChildren(...els);
    box.classList.toggle('backs', h.cards.length === 0 && h.hidden > 0);
    box.style.setProperty('--n', String(els.length));
  }

  // The declared cards on the table, each under the last declaration
  // that used it.
  drawMelds(box, v, seat, pos, choices, m) {
    const table = v.tables[seat];
    const decls = (m.decls || []).filter((d) => d.seat === seat && d.action.includes(':'));
    const groups = new Map();
    for (const c of table) {
      let at = -1;
      decls.forEach((d, i) => { if (d.action.split(':')[1].split('+').includes(c)) at = i; });
      if (!groups.has(at)) groups.set(at, []);
      groups.get(at).push(c);
    }
    const keys = [...groups.keys()].sort((a, b) => a - b);
    box.replaceChildren(...keys.map((k) => {
      const g = el('div', 'meld');
      const row = el('div', 'meld-cards');
      for (const c of sortCards(groups.get(k), v.trump)) {
        const e = cardEl(c, { cls: 'small' });
        const a = pos === 'bottom' && choices ? this.playAction(choices, c, table) : null;
        if (a) this.makeChoice(e, a, m);
        row.appendChild(e);
      }
      g.appendChild(row);
      if (k >= 0) {
        const d = decls[k];
        g.appendChild(el('div', 'meld-name', esc(d.name) + (d.points ? ` · ${d.points}` : '')));
      }
      return g;
    }));
  }

  drawCenter(v, m) {
    const pile = this.q('.stock .pile');
    const stockCards = [];
    for (let i = 0; i < Math.min(4, Math.ceil(v.stock / 20)); i++) {
      stockCards.push(cardEl('??', { cls: 'back stacked' }));
      stockCards[i].style.setProperty('--i', String(i));
    }
    if (v.turnup && v.stock > 0) stockCards.unshift(cardEl(v.turnup[0], { cls: 'turnup' }));
    pile.replaceChildren(...stockCards);
    this.q('.stock .count').textContent = v.stock > 0 ? `stock ${v.stock}` : 'stock empty';
    const ts = this.q('.trumpsuit');
    ts.textContent = v.trump ? SUITS[v.trump] : '–';
    ts.classList.toggle('red', v.trump === 'H' || v.trump === 'D');
    this.q('.trumpword').textContent = v.trump ? `trump: ${SUIT_NAMES[v.trump]}` : 'no trump yet';
    const trick = m.trick || v.trick;
    const tb = this.q('.trick');
    tb.replaceChildren(...trick.map((c, i) => {
      const e = cardEl(c, { cls: 'in-trick' });
      e.style.setProperty('--i', String(i));
      return e;
    }));
    this.q('.lasttrick').innerHTML = m.lastTrick || '';
  }

  drawDecisions(v, choices, m) {
    const box = this.q('.decisions');
    const other = (choices || []).filter((a) => !cardParts(a));
    box.replaceChildren(...other.map((a) => {
      const b = el('button', 'choice', choiceWords(a, v));
      this.makeChoice(b, a, m);
      // The cards a declaration would show, lifted while it is pointed at.
      const cards = a.includes(':') ? a.split(':')[1].split('+') : [];
      const mark = (on) => {
        for (const c of cards) {
          const e = this.seatEl('bottom').querySelector(`.card[data-card="${c}"]`);
          if (e) e.classList.toggle('in-decl', on);
        }
      };
      b.addEventListener('mouseenter', () => mark(true));
      b.addEventListener('focus', () => mark(true));
      b.addEventListener('mouseleave', () => mark(false));
      b.addEventListener('blur', () => mark(false));
      return b;
    }));
    if (m.prompt) box.prepend(el('span', 'prompt', m.prompt));
  }

  // Where a seat's cards come from and tricks go to (page coordinates).
  handRect(seat, bottom) {
    return this.seatEl(seat === bottom ? 'bottom' : 'top').querySelector('.hand').getBoundingClientRect();
  }

  trickSlotRect(i) {
    const tb = this.q('.trick');
    const probe = cardEl('??', { cls: 'in-trick probe' });
    probe.style.setProperty('--i', String(i));
    tb.appendChild(probe);
    const r = probe.getBoundingClientRect();
    probe.remove();
    return r;
  }
}

// Round steps for an axis from y0 to y1: 1, 2 or 5 times a power of 10.
function niceTicks(y0, y1) {
  const raw = (y1 - y0) / 4;
  const p = Math.pow(10, Math.floor(Math.log10(raw || 1)));
  const stepv = [1, 2, 5, 10].map((m) => m * p).find((x) => x >= raw) || raw;
  const out = [];
  for (let t = Math.ceil(y0 / stepv) * stepv; t <= y1; t += stepv) out.push(t);
  return out;
}

// A line chart as SVG: series [{ label, cls, points: [[x, y]...] }],
// with labels on the axes.  opts: { width, height, xlabel, ymin, ymax,
// mid (a line across), cursor (an x), onPick(x) }.
function lineChart(series, opts) {
  const W = opts.width || 600;
  const H = opts.height || 180;
  const L = 44;
  const R = 10;
  const T = 10;
  const B = 24;
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  const x0 = Math.min(0, ...xs);
  const x1 = Math.max(1, ...xs);
  const y0 = opts.ymin !== undefined ? opts.ymin : Math.min(0, ...ys);
  const y1 = opts.ymax !== undefined ? opts.ymax : Math.max(10, ...ys) * 1.05;
  const X = (x) => L + (x - x0) / (x1 - x0) * (W - L - R);
  const Y = (y) => T + (1 - (y - y0) / (y1 - y0)) * (H - T - B);
  let s = `<svg class="chart" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img">`;
  const ticks = opts.yticks || niceTicks(y0, y1);
  for (const t of ticks) {
    s += `<line class="grid" x1="${L}" x2="${W - R}" y1="${Y(t)}" y2="${Y(t)}"/>` +
      `<text class="axis" x="${L - 4}" y="${Y(t) + 4}" text-anchor="end">${opts.yfmt ? opts.yfmt(t) : Math.round(t)}</text>`;
  }
  s += `<text class="axis" x="${W - R}" y="${H - 6}" text-anchor="end">${esc(opts.xlabel || '')}</text>`;
  s += `<text class="axis" x="${L}" y="${H - 6}">${Math.round(x0)}</text>`;
  if (opts.mid !== undefined) s += `<line class="mid" x1="${L}" x2="${W - R}" y1="${Y(opts.mid)}" y2="${Y(opts.mid)}"/>`;
  for (const se of series) {
    if (!se.points.length) continue;
    const d = se.points.map((p, i) => `${i ? 'L' : 'M'}${X(p[0]).toFixed(1)} ${Y(p[1]).toFixed(1)}`).join(' ');
    if (se.area) {
      const base = Y(opts.mid !== undefined ? opts.mid : y0);
      s += `<path class="area ${se.cls}" d="${d} L${X(se.points[se.points.length - 1][0]).toFixed(1)} ${base} ` +
        `L${X(se.points[0][0]).toFixed(1)} ${base} Z"/>`;
    }
    s += `<path class="line ${se.cls}" d="${d}"/>`;
  }
  if (opts.cursor !== undefined) s += `<line class="cursor" x1="${X(opts.cursor)}" x2="${X(opts.cursor)}" y1="${T}" y2="${H - B}"/>`;
  s += '</svg>';
  const box = el('div', 'chart-box', s);
  const legend = el('div', 'legend', series.filter((x) => x.label).map((x) =>
    `<span class="key-${x.cls}">${esc(x.label)}</span>`).join(' '));
  box.appendChild(legend);
  if (opts.onPick) {
    const svg = box.querySelector('svg');
    svg.addEventListener('click', (e) => {
      const r = svg.getBoundingClientRect();
      const x = x0 + ((e.clientX - r.left) / r.width * W - L) / (W - L - R) * (x1 - x0);
      opts.onPick(Math.max(x0, Math.min(x1, Math.round(x))));
    });
  }
  return box;
}
