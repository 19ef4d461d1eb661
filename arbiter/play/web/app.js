// The page of `bezique-arbiter serve`: plain JavaScript, no build step.
// The server keeps the game; this page only draws the state it is sent
// (GET /api/state, then server-sent events) and posts the person's
// clicks, so closing or reloading it loses nothing.  The lines of the
// deal it is sent are played out one by one (each card flies to the
// trick, the trick to its winner) at the speed the person chose.
'use strict';

const $ = (id) => document.getElementById(id);
// Each card's flight and the look at a full trick, ms: "normal" (the
// default) about 1.2 s from a card clicked to your turn again (doc/play.md).
const SPEEDS = [{ move: 0, pause: 0 }, { move: 120, pause: 200 }, { move: 220, pause: 420 },
  { move: 450, pause: 900 }];

let state = null;
let busy = false;
let renders = 0;
const playTable = new TableView($('play-table'));

function speed() { return SPEEDS[Number($('speed').value)] || SPEEDS[2]; }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function kvOf(line) {
  const kv = {};
  for (const t of line.split(' ')) {
    const i = t.indexOf('=');
    if (i > 0) kv[t.slice(0, i)] = t.slice(i + 1);
  }
  return kv;
}

// The players as the records name them (the opponent: its level, id
// name or command, one name everywhere); the person is "You".
function playNames(st) {
  const names = st.players.slice();
  names[st.seat] = 'You';
  return names;
}

// ---- playing out the lines ----

let shown = 0;          // lines of the deal played out on the table
let logKey = null;      // the deal's newgame line
let pumping = false;
let animTrick = null;   // the trick as played out so far, while pumping
let lastClick = null;   // where the person's card left from
let lastTrickHtml = '';

function fly(card, from, to, ms) {
  if (!ms || !from || !to) return Promise.resolve();
  const f = cardEl(card, { cls: 'flying' });
  Object.assign(f.style, { left: `${to.left}px`, top: `${to.top}px`, width: `${to.width}px`, height: `${to.height}px` });
  document.body.appendChild(f);
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const a = f.animate([{ transform: `translate(${dx}px, ${dy}px) scale(.8)` }, { transform: 'none' }],
    { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)' });
  return a.finished.catch(() => {}).then(() => f.remove());
}

async function playOut(line) {
  const sp = speed();
  const kv = kvOf(line);
  const me = state.seat;
  if (line.startsWith('event play ')) {
    let from = null;
    if (Number(kv.seat) === me && lastClick) from = lastClick;
    else if (kv.from === 'table') {
      const m = playTable.seatEl(Number(kv.seat) === me ? 'bottom' : 'top').querySelector('.melds');
      const c = m.querySelector(`[data-card="${kv.card}"]`);
      from = (c || m).getBoundingClientRect();
    } else from = playTable.handRect(Number(kv.seat), me);
    lastClick = null;
    const to = playTable.trickSlotRect(animTrick.length);
    await fly(kv.card, from, to, sp.move);
    animTrick.push(kv.card);
    drawPlay();
    if (Number(kv.seat) !== me) await sleep(sp.pause / 3);
  } else if (line.startsWith('event trick ')) {
    await sleep(sp.pause);
    const winner = Number(kv.winner);
    const target = playTable.handRect(winner, me);
    const cards = [...playTable.root.querySelectorAll('.trick .card')];
    if (sp.move) {
      await Promise.all(cards.map((c) => {
        const r = c.getBoundingClientRect();
        const dx = target.left + target.width / 2 - (r.left + r.width / 2);
        const dy = target.top + target.height / 2 - (r.top + r.height / 2);
        return c.animate([{ transform: 'none', opacity: 1 },
          { transform: `translate(${dx}px, ${dy}px) scale(.5)`, opacity: 0 }],
        { duration: sp.move, easing: 'ease-in', fill: 'forwards' }).finished.catch(() => {});
      }));
    }
    animTrick = [];
  }
}

// Plays out the lines not yet shown, then draws the state as it is.
async function pump() {
  if (pumping) return;
  pumping = true;
  animTrick = (state.view && state.view.trick && shown === state.log.length) ? state.view.trick.slice() : animTrick || [];
  try {
    while (state && state.mode === 'play' && shown < state.log.length) {
      const line = state.log[shown];
      shown++;
      // Instant: the lines at once, the table drawn after them (a draw
      // of every line cost some 40 ms each).
      if (speed().move) {
        await playOut(line);
        drawPlay();
      } else if (line.startsWith('event play ')) animTrick.push(kvOf(line).card);
      else if (line.startsWith('event trick ')) animTrick = [];
    }
  } finally {
    pumping = false;
    animTrick = null;
    drawPlay();
  }
}

// ---- the play tab ----

const clock = { ms: [0, 0], seat: -1, since: 0, key: null };

function tickClock(st) {
  const now = Date.now();
  if (clock.seat >= 0) clock.ms[clock.seat] += now - clock.since;
  clock.since = now;
  clock.seat = st && st.in_deal && st.view && st.view.phase !== 'over' ? st.view.turn : -1;
}

// The version of the state in which the person's last action was sent:
// until a newer state comes, the turn is not the person's (a hint asked
// then would be refused).
let acting = null;

function phaseOf(st) {
  if (st.broken && !st.result) return 'broken';
  if (acting !== null && st.version <= acting) return 'waiting';
  if (pumping) return 'playing-out';
  if (st.in_deal) return st.to_move ? 'your-turn' : 'waiting';
  return st.result ? 'deal-over' : 'starting';
}

function drawPlay() {
  const st = state;
  if (!st || st.mode !== 'play') return;
  const names = playNames(st);
  const me = st.seat;
  const phase = phaseOf(st);
  document.body.dataset.state = phase;
  const upTo = st.log.slice(0, shown);
  // Two-hand's trump is the turn-up's from the deal on (no event says
  // it): a marriage in another suit is not royal.
  const story = narrate(upTo, me, names, st.in_deal ? null : st.result, st.view && st.view.turnup ? st.view.trump : null);
  if (story.lastTrick) lastTrickHtml = story.lastTrick;
  const v = st.view;
  const canAct = phase === 'your-turn';
  if (v) setTitle(v.variant);
  const hinted = st.hint && st.hint.action;
  if (v) {
    playTable.update({
      view: v, bottom: me, names, decls: story.decls,
      clocks: clock.ms.map((x, i) => x + (clock.seat === i ? Date.now() - clock.since : 0)),
      trick: animTrick || undefined,
      lastTrick: lastTrickHtml,
      choices: canAct ? v.legal : null,
      hinted: canAct ? hinted : null,
      prompt: canAct ? promptOf(v) : '',
      onChoice: (a, e) => act(a, e),
    });
  }
  const limit = st.game && st.game.stall_s ? ` (it has ${st.game.stall_s} s)` : '';
  $('status').textContent = st.broken ? st.broken : dealLabel(st) + ' · ' +
    (phase === 'your-turn' ? `your ${v.decision}` : phase === 'waiting' ? `${names[1 - me]} is thinking…${limit}`
      : phase === 'playing-out' ? 'playing…' : phase === 'deal-over' ? 'the deal is over' : 'starting…');
  drawMatch(st, names);
  drawLog(story);
  drawHint(st, v, canAct);
  $('hint').disabled = !canAct || acting !== null;
  // Next: a deal of the game, or a new game once one of several deals
  // is won; in sight whenever it may be taken, summary open or not.
  const allDone = st.deals > 0 && st.games >= st.deals;
  const nextWords = st.result && st.result.game && st.result.game.over ? 'Next game' : 'Next deal';
  $('next').disabled = st.in_deal || !!st.broken || allDone;
  $('next').hidden = !!st.broken || allDone;
  $('next').textContent = `${nextWords} (N)`;
  const done = (st.history || []).length;
  if (phase === 'deal-over' && summaryFor !== done) showSummary(st, story, names);
  // In the header while the summary is closed (its own buttons else).
  const open = !$('summary').hidden;
  $('next-bar').hidden = $('next').disabled || phase !== 'deal-over' || open;
  $('next-bar').textContent = `${nextWords} ▸`;
  $('summary-bar').hidden = phase !== 'deal-over' || !st.result || open;
}

// "Deal 3 of 10", or in a game of several deals "Game 2, deal 3": the
// deal in play, else the one just over (st.deal, r.deal: the records'
// number, from 1).
function dealLabel(st) {
  const r = st.in_deal ? null : st.result;
  if (st.game && st.game.variant === 'two-hand') {
    const game = r ? r.deal : st.deal;
    const hand = r && r.game ? r.game.hand : st.hand;
    return `Game ${game}` + (st.deals ? ` of ${st.deals}` : '') + `, deal ${hand + 1}`;
  }
  return `Deal ${r ? r.deal : st.deal}` + (st.deals ? ` of ${st.deals}` : '');
}

const VARIANT_TITLES = { rubicon: 'Rubicon Bézique', 'two-hand': 'Bézique, two hands',
  'six-pack': 'Six-pack Bézique', 'eight-pack': 'Eight-pack Bézique', 'three-hand': 'Bézique, three hands' };
function setTitle(variant) {
  const t = VARIANT_TITLES[variant] || 'Bézique';
  if (document.title !== t) {
    document.title = t;
    document.querySelector('h1 .title').textContent = t;
  }
}

function promptOf(v) {
  switch (v.decision) {
    case 'lead': return 'Your lead: play a card';
    case 'reply': return 'Your reply: play a card';
    case 'declare': return 'You won the trick: declare?';
    case 'carte-blanche': return 'Carte blanche?';
    default: return `Your ${v.decision}`;
  }
}

let logLength = 0;
function drawLog(story) {
  const ol = $('log');
  const items = story.entries.map((e) => {
    const li = el('li', e.cls, e.html);
    return li;
  });
  ol.replaceChildren(...items);
  if (items.length !== logLength) {
    logLength = items.length;
    ol.scrollTop = ol.scrollHeight;
  }
}

function actionHtml(a, v) {
  return cardParts(a) ? cardHtml(a) + (v.tables[v.turn] && v.tables[v.turn].includes(a) ? ' from the table' : '')
    : choiceWords(a, v);
}

function drawHint(st, v, canAct) {
  const h = st.hint;
  const list = $('hint-list');
  if (!h || !v) {
    $('hintbox').textContent = canAct ? 'Ask for the engine\'s value of each choice (H).'
      : 'The engine\'s value of each of your choices, best first.';
    list.replaceChildren();
    return;
  }
  if (h.thinking) { $('hintbox').textContent = 'The engine is thinking…'; list.replaceChildren(); return; }
  if (h.error) { $('hintbox').textContent = h.error; list.replaceChildren(); return; }
  // The list opens with the engine's choice (hint.h); a choice its
  // one-line values rank below another is said to be kept within noise.
  const worth = h.value !== undefined ? h.value : h.ev;
  $('hintbox').innerHTML = `Engine's choice: <b>${actionHtml(h.action, v)}</b>` +
    (worth !== undefined ? `, worth ${worth > 0 ? '+' : ''}${esc(worth)}` : '') +
    (h.win !== undefined ? `, ${Math.round(Number(h.win) * 100)}% to win` : '') +
    (h.kept_over ? `<div class="noise">Within noise: the engine keeps its pick over ${actionHtml(h.kept_over, v)}, ` +
      'valued a little higher at a glance.</div>' : '');
  const acts = h.actions || [];
  list.replaceChildren(...acts.map((a) => {
    const li = el('li', 'eval' + (a.action === h.action ? ' best' : ''));
    const pct = Math.round(a.win * 100);
    li.innerHTML = `<span class="what">${actionHtml(a.action, v)}</span>` +
      `<span class="val">${a.value > 0 ? '+' : ''}${a.value}</span>` +
      `<span class="bar"><span style="width:${pct}%"></span></span><span class="pct">${pct}%</span>`;
    if (canAct && (v.legal || []).includes(a.action)) {
      li.tabIndex = 0;
      li.title = 'play this';
      li.addEventListener('click', () => act(a.action, null));
    }
    return li;
  }));
}

// ---- the end of a deal ----

let summaryFor = null;

function showSummary(st, story, names) {
  summaryFor = (st.history || []).length;
  const r = st.result;
  const me = st.seat;
  const opp = 1 - me;
  const g = r.game;
  const won = r.winner === me ? 'You win the deal' : `${names[r.winner]} wins the deal`;
  const gameWon = g && g.over ? (g.winner === me ? 'You win the game' : `${names[g.winner]} wins the game`) +
    (g.doubled ? ', a double game' : '') : '';
  const title = r.failure ? `${r.failure}: ${(gameWon || won).replace(/^You/, 'you')} by forfeit`
    : gameWon ? `${gameWon}, ${fmtNum(g.totals[g.winner])} to ${fmtNum(g.totals[1 - g.winner])}`
      : g ? `Deal ${g.hand + 1} of the game: ${r.winner < 0 ? 'drawn' : won.replace(/ the deal$/, '')}`
        : r.winner < 0 ? 'A drawn deal' : won;
  // A player's name as it is ("greedy", "badbot"), even first.
  $('sum-title').textContent = title;
  $('sum-line').innerHTML = (g ? gameLine(r, me, names)
    : `<b>${fmtNum(r.points[me])}</b> to <b>${fmtNum(r.points[opp])}</b> · game value <b>${fmtNum(r.value)}</b>` +
    (r.failure ? '' : r.rubicon ? ' · <b>rubicon</b>' : ' · no rubicon')) +
    (r.arithmetic ? `<div class="arith">${esc(r.arithmetic)}</div>` : '') +
    (st.broken ? `<div class="arith">${esc(st.broken)}: start a new game.</div>` : '');
  const series = [0, 1].map((s) => ({
    label: names[s], cls: s === me ? 'me' : 'opp',
    points: [[0, 0]].concat(story.series[s]).concat([[story.tricks + 1, r.points[s]]]),
  }));
  // Drawn at about the width it is shown at: a chart scaled down to a
  // phone's width has letters too small to read.
  const narrow = window.innerWidth < 560;
  $('sum-chart').replaceChildren(lineChart(series, { width: narrow ? 340 : 640, height: narrow ? 190 : 200,
    xlabel: 'tricks, then the final score' }));
  const declList = (s) => story.decls.filter((d) => d.seat === s).map((d) =>
    `<li>${esc(d.name)} (${declParts(d.action, null).cards.map(cardHtml).join(' ')}) · ${d.points}</li>`)
    .join('') || '<li class="muted">none</li>';
  $('sum-body').innerHTML = [me, opp].map((s) => `<div class="sum-seat"><h3>${esc(names[s])}</h3>` +
    `<p>${fmtNum(r.points[s])} points · ${r.brisques[s]} in brisques</p><ul>${declList(s)}</ul></div>`).join('') +
    (g ? gameTable(st, r, names) : '');
  $('analyse').disabled = !state.records_file;
  $('analyse').title = state.records_file ? '' : 'serve --records FILE keeps the deals to analyse';
  $('summary').hidden = false;
  $('next').focus();
}

// A deal of a game to 1,000: its points and brisques, the game's totals.
function gameLine(r, me, names) {
  const g = r.game;
  const opp = 1 - me;
  return `this deal <b>${fmtNum(r.points[me])}</b> to <b>${fmtNum(r.points[opp])}</b> points, ` +
    `brisques ${r.brisques[me]} to ${r.brisques[opp]} · the game <b>${fmtNum(g.totals[me])}</b> to ` +
    `<b>${fmtNum(g.totals[opp])}</b>` + (g.over ? '' : `, first to ${fmtNum(g.target)} wins`) +
    (g.over && g.doubled ? ` (${esc(g.winner === me ? names[opp] : 'you')} under 500: a double game)` : '');
}

// Each deal of the game so far: points and brisques, and the totals
// (its points and brisques added up).
function gameTable(st, r, names) {
  const me = st.seat;
  const opp = 1 - me;
  const deals = (st.history || []).filter((h) => h.game && h.deal === r.deal);
  const cell = (h, s) => `<td>${fmtNum(h.points[s])}</td><td>${h.brisques[s]}</td>`;
  return `<table class="game-deals"><tr><th></th><th colspan="2">You</th><th colspan="2">${esc(names[opp])}</th></tr>` +
    '<tr class="sub"><th></th><th>points</th><th>brisques</th><th>points</th><th>brisques</th></tr>' +
    deals.map((h) => `<tr><td>Deal ${h.game.hand + 1}</td>${cell(h, me)}${cell(h, opp)}</tr>`).join('') +
    `<tr class="total"><td>The game</td><td colspan="2">${fmtNum(r.game.totals[me])}</td>` +
    `<td colspan="2">${fmtNum(r.game.totals[opp])}</td></tr></table>`;
}

// ---- acting ----

async function post(path, body) {
  const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : '' });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) $('status').textContent = j.error || r.statusText;
  return r.ok;
}

async function act(action, fromEl) {
  if (busy || !state || phaseOf(state) !== 'your-turn') return;
  busy = true;
  acting = state.version;
  lastClick = fromEl ? fromEl.getBoundingClientRect() : null;
  let ok = false;
  try { ok = await post('/api/action', { action }); } finally { busy = false; }
  if (!ok) acting = null;
  refresh();
}

async function askHint() {
  if (!state || busy || phaseOf(state) !== 'your-turn') return;
  await post('/api/hint');
}

async function nextDeal() {
  if ($('next').disabled) return;
  $('summary').hidden = true;
  await post('/api/next');
  refresh();
}

function render(st) {
  // States come by two paths (fetches, events): an older one never
  // replaces a newer.
  const sameGame = state && st.mode === 'play' && state.mode === 'play' && st.game_no === state.game_no;
  if (sameGame && st.version < state.version) return;
  const first = state === null;
  if (st.mode === 'play' && (!sameGame || st.version > state.version)) acting = null;
  if (!first && st.mode === 'play' && !sameGame) {
    summaryFor = null;   // a new game: its deals are its own
    logKey = null;
  }
  state = st;
  document.body.dataset.mode = st.mode;
  if (st.mode !== 'play') {
    // Only records to show (serve --watch): no game tab.
    $('tab-play').hidden = true;
    $('status').textContent = `watching: ${st.records} deals`;
    if ($('records').hidden) {
      $('rec-follow').checked = true;   // watching: follow by default
      showTab('records');
    }
    document.body.dataset.renders = ++renders;
    return;
  }
  const key = st.log.length ? st.log[0] : null;
  if (key !== logKey) {
    // A new deal: played out from its start, unless the page has just
    // opened in the middle of one.
    logKey = key;
    shown = first ? st.log.length : 0;
    lastTrickHtml = '';
    clock.ms = [0, 0];
    if (!first) $('summary').hidden = true;
  }
  if (first && !st.in_deal) summaryFor = (st.history || []).length;   // seen before the reload
  tickClock(st);
  if (shown < st.log.length) pump();
  drawSoon();
}

// States come a line at a time (a dozen a trick): the table is drawn
// once a frame, with the newest; data-renders counts the draws.
let drawQueued = false;
function drawSoon() {
  if (drawQueued) return;
  drawQueued = true;
  requestAnimationFrame(() => {
    drawQueued = false;
    drawPlay();
    document.body.dataset.renders = ++renders;
  });
}

async function refresh() {
  const r = await fetch('/api/state');
  if (r.ok) render(await r.json());
}

function showTab(name) {
  $('play').hidden = name !== 'play';
  $('records').hidden = name !== 'records';
  $('tab-play').setAttribute('aria-current', name === 'play');
  $('tab-records').setAttribute('aria-current', name === 'records');
  if (name === 'records') loadRecords();
}

// ---- keys and wiring ----

function onKey(e) {
  if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) && e.key !== 'Escape') return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape') { $('summary').hidden = true; $('keys').hidden = true; drawPlay(); return; }
  if (!$('records').hidden) {
    stopAutoplay();
    const s = Number($('rec-step').value);
    if (e.key === 'ArrowLeft') step(s - 1);
    else if (e.key === 'ArrowRight') step(s + 1);
    else if (e.key === 'Home') step(0);
    else if (e.key === 'End') step(Number($('rec-step').max));
    else return;
    e.preventDefault();
    return;
  }
  const els = playTable.choiceEls || [];
  if (/^[0-9]$/.test(e.key)) {
    const n = e.key === '0' ? 9 : Number(e.key) - 1;
    if (els[n]) els[n].click();
  } else if (e.key === 'p' || e.key === 'P') {
    const p = els.find((x) => x.dataset.action === 'pass');
    if (p) p.click();
  } else if (e.key === 'h' || e.key === 'H') askHint();
  else if (e.key === 'n' || e.key === 'N') nextDeal();
  else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && els.length) {
    const i = els.indexOf(document.activeElement);
    const j = i < 0 ? 0 : (i + (e.key === 'ArrowRight' ? 1 : els.length - 1)) % els.length;
    els[j].focus();
  } else return;
  e.preventDefault();
}

$('speed').value = localStorage.getItem('bezique-speed') || '2';
$('speed').addEventListener('change', () => localStorage.setItem('bezique-speed', $('speed').value));
$('tab-play').addEventListener('click', () => showTab('play'));
$('tab-records').addEventListener('click', () => showTab('records'));
$('hint').addEventListener('click', askHint);
$('next').addEventListener('click', nextDeal);
$('next-bar').addEventListener('click', nextDeal);
$('summary-bar').addEventListener('click', () => { summaryFor = null; drawPlay(); });
$('sum-close').addEventListener('click', () => { $('summary').hidden = true; drawPlay(); });
$('analyse').addEventListener('click', async () => {
  $('summary').hidden = true;
  $('rec-follow').checked = true;
  showTab('records');
});
$('keys-help').addEventListener('click', () => { $('keys').hidden = false; });
$('keys-close').addEventListener('click', () => { $('keys').hidden = true; });
document.addEventListener('keydown', onKey);

// Follows a records file as it grows (a tournament in play); the
// clocks run.
setInterval(() => {
  if (!$('records').hidden) loadRecords();
  if (state && state.mode === 'watch') refresh();
}, 2000);
setInterval(() => {
  if (state && state.mode === 'play' && state.in_deal) {
    const c = [...playTable.root.querySelectorAll('.plate .clock')];
    const now = Date.now();
    const ms = clock.ms.map((x, i) => x + (clock.seat === i ? now - clock.since : 0));
    if (c.length === 2) {
      c[0].textContent = clockText(ms[1 - state.seat]);
      c[1].textContent = clockText(ms[state.seat]);
    }
  }
}, 500);

// records.js and match.js come after this script: the first state is
// asked for once every script has run, or an early answer would find
// their functions missing (drawMatch, seen once in the browser test).
window.addEventListener('DOMContentLoaded', () => {
  refresh();
  const events = new EventSource('/api/events');
  events.onmessage = (e) => render(JSON.parse(e.data));
});
