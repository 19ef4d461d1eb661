// The page of `bezique-arbiter serve`: plain JavaScript, no build step.
// The server keeps the game; this page only draws the state it is sent
// (GET /api/state, then server-sent events) and posts the person's
// clicks, so closing or reloading it loses nothing.
'use strict';

const SUITS = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };
const SUIT_NAMES = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const RANKS = { A: 'ace', T: 'ten', K: 'king', Q: 'queen', J: 'jack', 9: 'nine', 8: 'eight', 7: 'seven' };
const $ = (id) => document.getElementById(id);
let state = null;
let busy = false;

function cardParts(text) {
  const m = /^([AKQJT987]|10)([SHDC])(?:#(\d+))?$/.exec(text);
  return m ? { rank: m[1] === '10' ? 'T' : m[1], suit: m[2], copy: m[3] } : null;
}

function cardEl(text, action) {
  const el = document.createElement('div');
  const p = cardParts(text);
  el.className = 'card';
  if (!p) {
    el.classList.add('back');
    el.title = 'hidden';
  } else {
    if (p.suit === 'H' || p.suit === 'D') el.classList.add('red');
    el.innerHTML = `<span>${p.rank === 'T' ? '10' : p.rank}${SUITS[p.suit]}</span>` +
      (p.copy ? `<span class="copy">#${p.copy}</span>` : '');
    el.dataset.card = text;
  }
  el.setAttribute('aria-label', p ? `${RANKS[p.rank]} of ${SUIT_NAMES[p.suit]}` : 'hidden card');
  if (action) {
    // A playable card is a button for the keyboard too.
    el.classList.add('legal');
    el.dataset.action = action;
    el.tabIndex = 0;
    el.setAttribute('role', 'button');
    el.addEventListener('click', () => act(action));
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); act(action); }
    });
  }
  return el;
}

function pretty(text) {
  return String(text).replace(/\b([AKQJT987])([SHDC])(#\d+)?\b/g,
    (_, r, s) => (r === 'T' ? '10' : r) + SUITS[s]);
}

function fill(id, cards, actions) {
  const box = $(id);
  box.replaceChildren(...cards.map((c) => cardEl(c, actions ? actions(c) : null)));
}

// The legal action that plays this card: the same copy, or an
// interchangeable one of the same place (the legal list names one copy).
function playAction(legal, card, place) {
  if (!legal) return null;
  if (legal.includes(card)) return card;
  const kind = card.split('#')[0];
  return legal.find((a) => a.split('#')[0] === kind && place.includes(a)) || null;
}

function drawBoard(v, me, names) {
  const opp = 1 - me;
  const legal = v.legal || null;
  const myHand = v.hands[me].cards;
  const myTable = v.tables[me];
  fill('my-hand', myHand, (c) => playAction(legal, c, myHand));
  fill('my-table', myTable, (c) => playAction(legal, c, myTable));
  const oh = v.hands[opp];
  fill('opp-hand', oh.cards.concat(Array(oh.hidden).fill('??')));
  fill('opp-table', v.tables[opp]);
  fill('trick', v.trick);
  // A trick is gone from the table as soon as it is complete: say what
  // it was, or the engine's reply to a lead is never seen.
  const last = (state.log || []).filter((l) => l.startsWith('event trick ')).pop();
  const m = last && /winner=(\d) cards=(\S+)/.exec(last);
  $('last-trick').textContent = m ? `last trick: ${pretty(m[2].replace(/,/g, ' '))} to ` +
    (Number(m[1]) === me ? 'you' : names[Number(m[1])]) : '';
  $('trump').textContent = 'trump ' + (v.trump ? SUITS[v.trump] : '–');
  $('stock').textContent = 'stock ' + v.stock +
    (v.turnup ? ', turn-up ' + pretty(v.turnup[0]) : '');
  $('my-score').textContent = `${v.points[me]} points, brisques ${v.brisques[me]}`;
  $('opp-score').textContent = `${v.points[opp]} points, brisques ${v.brisques[opp]}`;
  $('my-name').textContent = names[me];
  $('opp-name').textContent = names[opp];
  const other = (legal || []).filter((a) => !cardParts(a));
  $('decisions').replaceChildren(...other.map((a) => {
    const b = document.createElement('button');
    b.className = 'legal';
    b.dataset.action = a;
    b.textContent = pretty(a);
    b.addEventListener('click', () => act(a));
    return b;
  }));
}

function drawResult(st) {
  const r = st.result;
  if (!r) { $('result').textContent = ''; return; }
  const me = st.seat;
  const who = r.winner < 0 ? 'Drawn' : r.winner === me ? 'You win' : 'The engine wins';
  $('result').textContent = `${who}: ${r.points[me]} to ${r.points[1 - me]}, ` +
    `game value ${r.value}${r.rubicon ? ' (rubicon)' : ''}` +
    (r.termination !== 'normal' ? ` — ${r.termination}` : '');
}

let renders = 0;

function render(st) {
  // States come by two paths (fetches, events): an older one never
  // replaces a newer.
  if (state && st.mode === 'play' && state.mode === 'play' && st.version < state.version) return;
  state = st;
  document.body.dataset.renders = ++renders;
  document.body.dataset.mode = st.mode;
  if (st.mode !== 'play') {
    // Only records to show (serve --watch): no game tab.
    $('tab-play').hidden = true;
    $('status').textContent = `watching: ${st.records} deals`;
    if ($('records').hidden) {
      $('rec-follow').checked = true;   // watching: follow by default
      showTab('records');
    }
    return;
  }
  const names = st.players;
  const phase = st.broken ? 'broken' : st.in_deal ? (st.to_move ? 'your-turn' : 'waiting')
    : st.result ? 'deal-over' : 'starting';
  document.body.dataset.state = phase;
  $('status').textContent = st.broken ? st.broken :
    `deal ${st.deal + (st.in_deal ? 1 : 0)}` + (st.deals ? ` of ${st.deals}` : '') +
    (st.to_move && st.view ? ` — your ${st.view.decision}` : st.in_deal ? ' — the engine thinks' : '');
  if (st.view) drawBoard(st.view, st.seat, names);
  else $('decisions').replaceChildren();
  drawResult(st);
  const h = st.hint;
  $('hintbox').textContent = !h ? '' : h.thinking ? 'thinking…' : h.error ? h.error :
    `hint: ${pretty(h.action)}` + (h.ev ? `, ev ${h.ev}` : '') + (h.win ? `, win ${h.win}` : '');
  $('hint').disabled = !st.to_move;
  $('next').disabled = st.in_deal || !!st.broken || (st.deals > 0 && st.played >= st.deals);
  $('log').replaceChildren(...st.log.slice(-30).reverse().map((l) => {
    const li = document.createElement('li');
    li.textContent = pretty(say(l, st.seat, names));
    return li;
  }));
}

// An event line of the protocol in words.
function say(line, me, names) {
  const kv = {};
  for (const t of line.split(' ').slice(2)) {
    const i = t.indexOf('=');
    if (i > 0) kv[t.slice(0, i)] = t.slice(i + 1);
  }
  const who = (s) => (Number(s) === me ? 'you' : names[Number(s)]);
  const kind = line.split(' ')[1];
  switch (line.startsWith('event ') ? kind : '') {
    case 'play': return `${who(kv.seat)}: ${kv.card}` + (kv.from === 'table' ? ' from the table' : '');
    case 'trick': return `trick to ${who(kv.winner)}`;
    case 'draw': return `${who(kv.seat)} drew ${kv.card === '??' ? 'a card' : kv.card}`;
    case 'declare': return `${who(kv.seat)} declared ${kv.action} for ${kv.points}`;
    case 'trump': return `trump is ${SUITS[kv.suit] || kv.suit}`;
    case 'deal': return `your hand: ${kv.hand.replace(/,/g, ' ')}`;
    case 'carte-blanche': return `${who(kv.seat)}: carte blanche ${kv.cards} for ${kv.points}`;
    case 'endphase': return 'the stock is gone: the last nine tricks';
    case 'lasttrick': return `${who(kv.seat)} scored ${kv.points} for the last trick`;
    default:
      if (line.startsWith('newgame ')) return 'a new deal';
      if (line.startsWith('gameover ')) return 'the deal is over';
      return line.replace(/ deck=.*/, '');
  }
}

async function post(path, body) {
  const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : '' });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) $('status').textContent = j.error || r.statusText;
  return r.ok;
}

async function act(action) {
  if (busy) return;
  busy = true;
  try { await post('/api/action', { action }); } finally { busy = false; }
  refresh();
}

async function refresh() {
  const r = await fetch('/api/state');
  if (r.ok) render(await r.json());
}

// Records: a deal of the file step by step, from a seat's view or all.
let replay = null;
let replayAsked = 0;

async function loadRecords() {
  const r = await fetch('/api/records');
  if (!r.ok) return;
  const j = await r.json();
  $('rec-file').textContent = j.file ? `records: ${j.file}` : 'no records file (--records or --watch)';
  const sel = $('rec-deal');
  const keep = sel.value;
  sel.replaceChildren(...j.deals.map((d) => {
    const o = document.createElement('option');
    o.value = d.index;
    o.textContent = `#${d.deal}: ${d.players[0]} – ${d.players[1]}, ` +
      (d.winner < 0 ? 'drawn' : `${d.players[d.winner]} +${d.value}`);
    return o;
  }));
  const newest = j.deals.length ? String(j.deals[j.deals.length - 1].index) : '';
  if ($('rec-follow').checked && newest && newest !== keep) {
    // A match or tournament in play: show each deal as it is recorded,
    // at its end.
    sel.value = newest;
    await loadReplay(true);
    return;
  }
  if (keep && j.deals.some((d) => String(d.index) === keep)) sel.value = keep;
  if (!replay && j.deals.length) loadReplay();
}

async function loadReplay(toEnd) {
  const deal = $('rec-deal').value;
  if (deal === '') return;
  const asked = ++replayAsked;
  const r = await fetch(`/api/replay?deal=${deal}&view=${$('rec-view').value}`);
  if (!r.ok) return;
  const j = await r.json();
  if (asked !== replayAsked) return;   // a later choice is on its way
  replay = j;
  const s = $('rec-step');
  s.max = replay.steps.length - 1;
  s.value = toEnd === true ? s.max : Math.min(Number(s.value), s.max);
  drawStep();
}

function drawStep() {
  const i = Number($('rec-step').value);
  const v = replay.steps[i];
  const board = $('rec-board');
  board.replaceChildren();
  const line = (label, cards) => {
    const d = document.createElement('div');
    d.className = 'board-seat';
    d.innerHTML = `<div class="label">${label}</div>`;
    const c = document.createElement('div');
    c.className = 'cards';
    c.replaceChildren(...cards.map((x) => cardEl(x)));
    d.append(c);
    board.append(d);
  };
  for (const s of [0, 1]) {
    const h = v.hands[s];
    line(`${replay.players[s]} (seat ${s}): ${v.points[s]} points`, h.cards.concat(Array(h.hidden).fill('??')));
    line('declared', v.tables[s]);
  }
  line(`trick — trump ${v.trump ? SUITS[v.trump] : '–'}, stock ${v.stock}`, v.trick);
  $('rec-pos').textContent = `step ${i} of ${replay.steps.length - 1}` +
    (v.action ? `: seat ${v.seat_acted} ${pretty(v.action)}` : '') +
    (v.kind ? ` (${KIND_TEXT[v.kind] || v.kind}${v.scored ? `, ${v.scored} points` : ''})` : '');
}

// The decision a recorded action answered (records version 2), so that
// a pass says whether it declined a declaration or a carte blanche.
const KIND_TEXT = { lead: 'lead', reply: 'reply', declare: 'declaration step',
  'carte-blanche': 'carte blanche step' };

function showTab(name) {
  $('play').hidden = name !== 'play';
  $('records').hidden = name !== 'records';
  $('tab-play').setAttribute('aria-current', name === 'play');
  $('tab-records').setAttribute('aria-current', name === 'records');
  if (name === 'records') loadRecords();
}

$('tab-play').addEventListener('click', () => showTab('play'));
$('tab-records').addEventListener('click', () => showTab('records'));
$('hint').addEventListener('click', () => post('/api/hint'));
$('next').addEventListener('click', async () => { await post('/api/next'); refresh(); });
$('rec-deal').addEventListener('change', () => loadReplay());
$('rec-view').addEventListener('change', () => loadReplay());
$('rec-step').addEventListener('input', drawStep);
$('rec-prev').addEventListener('click', () => { $('rec-step').stepDown(); drawStep(); });
$('rec-next').addEventListener('click', () => { $('rec-step').stepUp(); drawStep(); });

// Follows a records file as it grows (a tournament in play).
setInterval(() => {
  if (!$('records').hidden) loadRecords();
  if (state && state.mode === 'watch') refresh();
}, 2000);

refresh();
const events = new EventSource('/api/events');
events.onmessage = (e) => render(JSON.parse(e.data));
