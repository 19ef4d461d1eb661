// The page of `bezique-arbiter serve`: plain JavaScript, no build step.
// The server keeps the game; this page only draws the state it is sent
// (GET /api/state, then server-sent events) and posts the person's
// clicks, so closing or reloading it loses nothing.  The lines of the
// deal it is sent are played out one by one (each card flies to the
// trick, the trick to its winner) at the speed the person chose.
'use strict';

const $ = (id) => document.getElementById(id);
const SPEEDS = [{ move: 0, pause: 0 }, { move: 160, pause: 300 }, { move: 380, pause: 850 },
  { move: 650, pause: 1500 }];

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
      if (speed().move) await playOut(line);
      else if (line.startsWith('event play ')) animTrick.push(kvOf(line).card);
      else if (line.startsWith('event trick ')) animTrick = [];
      drawPlay();
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
  const story = narrate(upTo, me, names, st.in_deal ? null : st.result);
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
  $('status').textContent = st.broken ? st.broken :
    `Deal ${st.deal + (st.in_deal ? 1 : 0)}` + (st.deals ? ` of ${st.deals}` : '') + ' · ' +
    (phase === 'your-turn' ? `your ${v.decision}` : phase === 'waiting' ? `${names[1 - me]} is thinking…${limit}`
      : phase === 'playing-out' ? 'playing…' : phase === 'deal-over' ? 'the deal is over' : 'starting…');
  drawMatch(st, names);
  drawLog(story);
  drawHint(st, v, canAct);
  $('hint').disabled = !canAct || acting !== null;
  $('next').disabled = st.in_deal || !!st.broken || (st.deals > 0 && st.played >= st.deals);
  $('next').hidden = !!st.broken || (st.deals > 0 && st.played >= st.deals);
  if (phase === 'deal-over' && summaryFor !== st.deal) showSummary(st, story, names);
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
  summaryFor = st.deal;
  const r = st.result;
  const me = st.seat;
  const opp = 1 - me;
  const won = r.winner === me ? 'You win the deal' : `${names[r.winner]} wins the deal`;
  $('sum-title').textContent = r.winner < 0 ? 'A drawn deal' : r.failure ? `${r.failure}: ${won.replace(/^You/, 'you')} by forfeit`
    : won;
  $('sum-line').innerHTML = `<b>${fmtNum(r.points[me])}</b> to <b>${fmtNum(r.points[opp])}</b> · game value <b>${fmtNum(r.value)}</b>` +
    (r.failure ? '' : r.rubicon ? ' · <b>rubicon</b>' : ' · no rubicon') +
    (r.arithmetic ? `<div class="arith">${esc(r.arithmetic)}</div>` : '') +
    (st.broken ? `<div class="arith">${esc(st.broken)}: start a new game.</div>` : '');
  const series = [0, 1].map((s) => ({
    label: names[s], cls: s === me ? 'me' : 'opp',
    points: [[0, 0]].concat(story.series[s]).concat([[story.tricks + 1, r.points[s]]]),
  }));
  $('sum-chart').replaceChildren(lineChart(series, { width: 640, height: 200, xlabel: 'tricks, then the final score' }));
  const declList = (s) => story.decls.filter((d) => d.seat === s).map((d) =>
    `<li>${esc(d.name)} (${declParts(d.action, null).cards.map(cardHtml).join(' ')}) · ${d.points}</li>`)
    .join('') || '<li class="muted">none</li>';
  $('sum-body').innerHTML = [me, opp].map((s) => `<div class="sum-seat"><h3>${esc(names[s])}</h3>` +
    `<p>${r.points[s]} points · ${r.brisques[s]} in brisques</p><ul>${declList(s)}</ul></div>`).join('');
  $('analyse').disabled = !state.records_file;
  $('analyse').title = state.records_file ? '' : 'serve --records FILE keeps the deals to analyse';
  $('summary').hidden = false;
  $('next').focus();
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
  if (first && !st.in_deal) summaryFor = st.deal;   // seen before the reload
  tickClock(st);
  if (shown < st.log.length) pump();
  drawPlay();
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
  if (e.key === 'Escape') { $('summary').hidden = true; $('keys').hidden = true; return; }
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
$('sum-close').addEventListener('click', () => { $('summary').hidden = true; });
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
