// The Replay & analyse tab of `serve`'s page (loaded after app.js):
// a deal of the records file step by step in the table view, its moves,
// the standings of the file, the evaluation graph (the engines' own, or
// the hint engine's analysis of every position), and, while a match or
// tournament writes the file, each new deal played through as it comes.
'use strict';

const recTable = new TableView($('rec-table'));
let replay = null;
let replayAsked = 0;
let deals = [];
let analysis = null;

function standings(list) {
  const t = new Map();
  const row = (n) => {
    if (!t.has(n)) t.set(n, { name: n, deals: 0, won: 0, lost: 0, drawn: 0, value: 0 });
    return t.get(n);
  };
  for (const d of list) {
    d.players.forEach((p, s) => {
      const r = row(p);
      r.deals++;
      if (d.winner < 0) r.drawn++;
      else if (d.winner === s) { r.won++; r.value += d.value; } else { r.lost++; r.value -= d.value; }
    });
  }
  const rows = [...t.values()].sort((a, b) => (b.won + b.drawn / 2) / b.deals - (a.won + a.drawn / 2) / a.deals ||
    b.value - a.value);
  // Elo from the score against the rest of the file (none at 0% or 100%:
  // no finite estimate); value: the game value won or lost a deal.
  const elo = (r) => {
    const sc = (r.won + r.drawn / 2) / r.deals;
    if (sc <= 0 || sc >= 1) return '–';
    const e = Math.round(400 * Math.log10(sc / (1 - sc)));
    return `${e > 0 ? '+' : e < 0 ? '−' : ''}${Math.abs(e)}`;
  };
  const signed = (x) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${fmtNum(Math.abs(Math.round(x)))}`;
  $('standings').innerHTML = '<tr><th>player</th><th>deals</th><th title="won, drawn, lost">+ = −</th>' +
    '<th>score</th><th title="from the score against the others in this file">Elo</th>' +
    '<th title="game value won or lost, a deal">value</th></tr>' +
    rows.map((r) => `<tr><td title="${esc(r.name)}"><span class="nm">${esc(r.name)}</span></td>` +
    `<td>${r.deals}</td><td>${r.won}-${r.drawn}-${r.lost}</td>` +
    `<td>${(100 * (r.won + r.drawn / 2) / r.deals).toFixed(0)}%</td><td>${elo(r)}</td><td>${signed(r.value / r.deals)}</td></tr>`)
    .join('');
}

async function loadRecords() {
  const r = await fetch('/api/records');
  if (!r.ok) return;
  const j = await r.json();
  deals = j.deals;
  $('rec-file').textContent = j.file ? j.file.split('/').pop() : 'no records file';
  $('rec-file').title = j.file || 'serve --records FILE or --watch FILE';
  standings(j.deals);
  $('rec-wait').hidden = j.deals.length > 0 || !!replay || !!live;
  $('rec-wait').textContent = j.deals.length ? '' : liveWaiting();
  const sel = $('rec-deal');
  const keep = sel.value;
  sel.replaceChildren(...j.deals.map((d) => {
    const o = document.createElement('option');
    o.value = d.index;
    // The records' "deal", from 1, as show names it: in a game of
    // several deals "Game N, deal H" (its hand from 0 in the records).
    const name = d.hand === undefined ? `Deal ${d.deal}` : `Game ${d.deal}, deal ${d.hand + 1}`;
    o.textContent = `${name}: ${d.players[0]} – ${d.players[1]}, ` +
      (d.winner < 0 ? 'drawn' : `${d.players[d.winner]} +${fmtNum(d.value)}`) +
      (d.failure ? ` by forfeit (${d.players[d.fault_seat]} failed)` : '');
    if (d.failure) o.title = d.failure;
    return o;
  }));
  const newest = j.deals.length ? String(j.deals[j.deals.length - 1].index) : '';
  if ($('rec-follow').checked && newest && newest !== keep && !live) {
    // A match or tournament in play: show each deal as it is recorded,
    // played through, or at its end if it was watched live.
    const last = j.deals[j.deals.length - 1];
    sel.value = newest;
    await loadReplay(liveSeen === `${last.deal} ${last.players.join()}` ? true : 'play');
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
  replay.index = Number(deal);
  if (analysis && analysis.deal !== replay.index) analysis = null;
  const s = $('rec-step');
  s.max = replay.steps.length - 1;
  s.value = toEnd === 'play' ? 0 : toEnd === true ? s.max : Math.min(Number(s.value), s.max);
  drawMoves();
  drawStep();
  if (toEnd === 'play') autoplay();
}

// Following a tournament: the newest deal is played through at the
// chosen speed (at once when instant), until a newer one comes.
let autoTimer = null;
function stopAutoplay() {
  clearInterval(autoTimer);
  autoTimer = null;
}
function autoplay() {
  stopAutoplay();
  const ms = [0, 120, 300, 650][Number($('speed').value)] || 0;
  if (!ms) { step(Number($('rec-step').max)); return; }
  autoTimer = setInterval(() => {
    const s = $('rec-step');
    if (Number(s.value) >= Number(s.max)) { stopAutoplay(); return; }
    step(Number(s.value) + 1);
  }, ms);
}

function stepDecls(upTo) {
  const out = [];
  for (let k = 1; k <= upTo; k++) {
    const st = replay.steps[k];
    if (st.action && st.action.includes(':') && st.seat_acted !== null) {
      const prev = replay.steps[k - 1];
      out.push({ seat: st.seat_acted, action: st.action, name: declParts(st.action, prev.trump).name,
        points: st.points[st.seat_acted] - prev.points[st.seat_acted] });
    }
  }
  return out;
}

function lastTrickOf(i) {
  for (let k = i; k >= 1; k--) {
    const s = replay.steps[k];
    const p = replay.steps[k - 1];
    if (s.trick.length === 0 && p.trick.length > 0 && cardParts(s.action)) {
      return `last trick: ${p.trick.concat([s.action]).map(cardHtml).join(' ')} to ${esc(replay.players[s.leader])}`;
    }
  }
  return '';
}

function infoOf(step) {
  const m = step && step.info ? /(?:^| )win=([\d.]+)/.exec(step.info) : null;
  const e = step && step.info ? /(?:^| )ev=(-?\d+)/.exec(step.info) : null;
  return { win: m ? Number(m[1]) : null, ev: e ? Number(e[1]) : null };
}

// The chance that seat 0 wins after each step: the engine's analysis
// when asked for, else what the engines said when they played.
function evalPoints() {
  const pts = [];
  replay.steps.forEach((st, k) => {
    const a = analysis && analysis.steps ? analysis.steps[k] : null;
    if (a && a.win !== undefined && a.seat !== undefined) {
      pts.push([k, a.seat === 0 ? a.win : 1 - a.win]);
      return;
    }
    const i = infoOf(st);
    if (k > 0 && i.win !== null && st.seat_acted !== null) pts.push([k, st.seat_acted === 0 ? i.win : 1 - i.win]);
  });
  return pts;
}

// The record's own facts (version 2): what a pass declined, what an
// action scored.
function moveWords(st, prev) {
  if (!st.action) return '';
  let w = cardParts(st.action) ? cardHtml(st.action)
    : choiceWords(st.action, { trump: prev.trump, declare_points: {} });
  if (st.action === 'pass' && st.kind) {
    w += st.kind === 'carte-blanche' ? ' (no carte blanche)' : ' (no declaration)';
  }
  if (st.scored) w += ` <span class="pts">· ${st.scored}</span>`;
  return w;
}

// What the felt says before the first deal is there to show.
function liveWaiting() {
  return state && state.mode === 'watch' ? `Waiting for the first move of ${state.records_file.split('/').pop()}…`
    : 'No deal recorded yet: serve --records FILE keeps them.';
}

// Each number of the move list is the mover's own value of its move (its
// info line as it played): a point of view, said as such.
function drawMoves() {
  const ol = $('moves');
  $('moves-note').textContent = replay.steps.some((st) => infoOf(st).ev !== null)
    ? 'the numbers: each mover\'s own value of its move' : '';
  ol.replaceChildren(...replay.steps.slice(1).map((st, i) => {
    const k = i + 1;
    const inf = infoOf(st);
    const mover = esc(replay.players[st.seat_acted]);
    const li = el('li', 'move', `<span class="n">${k}.</span><span class="who">${mover}</span> ` +
      moveWords(st, replay.steps[k - 1]) + (inf.ev !== null
      ? ` <span class="ev" title="${mover}'s own value of this move">${inf.ev > 0 ? '+' : ''}${inf.ev}</span>` : ''));
    li.dataset.step = k;
    li.addEventListener('click', () => { $('rec-step').value = k; drawStep(); });
    return li;
  }));
}

function drawStep() {
  if (!replay) return;
  const i = Number($('rec-step').value);
  const v = replay.steps[i];
  setTitle(v.variant);
  const view = $('rec-view').value;
  const bottom = view === '1' ? 1 : 0;
  const clocks = [0, 0];
  for (let k = 1; k <= i; k++) {
    const s = replay.steps[k];
    if (s.seat_acted !== null && s.ms) clocks[s.seat_acted] += s.ms;
  }
  recTable.update({ view: v, bottom, names: replay.players, decls: stepDecls(i), clocks, lastTrick: lastTrickOf(i) });
  const prev = i > 0 ? replay.steps[i - 1] : null;
  const r = replay.result;
  const end = i === replay.steps.length - 1 && r;
  $('rec-pos').innerHTML = `step ${i} of ${replay.steps.length - 1}` +
    (end ? ` · ${endWords(r)}`
      : v.action ? `: ${esc(replay.players[v.seat_acted])} ${moveWords(v, prev)}` : '');
  for (const li of $('moves').children) li.classList.toggle('current', Number(li.dataset.step) === i);
  // The current move kept in sight in its list (not the page scrolled).
  const ol = $('moves');
  const cur = ol.querySelector('.current');
  if (cur && (cur.offsetTop < ol.scrollTop || cur.offsetTop + cur.offsetHeight > ol.scrollTop + ol.clientHeight)) {
    ol.scrollTop = cur.offsetTop - ol.clientHeight / 2;
  }
  drawEval(i);
}

// How a recorded deal ended: who won, or who failed and how, with the
// game value it came to.
function endWords(r) {
  const p = replay.players;
  if (replay.failure) {
    return `<b>${esc(replay.failure)}</b>: ${esc(p[r.winner])} wins by forfeit, game value ${fmtNum(r.value)}`;
  }
  return `${r.winner < 0 ? 'drawn' : `${esc(p[r.winner])} wins`}, ${fmtNum(r.points[0])} to ${fmtNum(r.points[1])}, ` +
    `game value ${fmtNum(r.value)}${r.rubicon ? ' (rubicon)' : ''}`;
}

function drawEval(i) {
  const pts = evalPoints();
  // The line is always seat 0's chance, whoever estimated it: said so.
  const p0 = replay.players[0] === 'you' ? 'your' : replay.players[0] + '\'s';
  const series = [{ label: `${p0} chance to win the deal (seat 0; ${replay.players[1]}'s is the rest)`, cls: 'eval', area: true, points: pts }];
  const box = $('eval-graph');
  box.replaceChildren(lineChart(series, {
    width: window.innerWidth < 560 ? 380 : 900, height: 130, ymin: 0, ymax: 1, mid: 0.5, cursor: i, xlabel: 'step',
    yticks: [0, 0.5, 1], yfmt: (t) => `${Math.round(t * 100)}%`,
    onPick: (x) => { $('rec-step').value = x; drawStep(); },
  }));
  const total = replay.steps.length - 1;
  $('eval-note').textContent = analysis ? (analysis.done < analysis.total
    ? `analysing: ${analysis.done} of ${analysis.total} positions` : `analysed: ${analysis.total} positions`) + ' by the hint engine'
    : pts.length ? `the graph: each mover's own estimate as it played (${pts.length} of ${total} moves)` : 'no evaluation recorded';
}

async function analyse() {
  if (!replay) return;
  const ok = await post(`/api/analyse?deal=${replay.index}`);
  if (ok) pollAnalysis();
}

async function pollAnalysis() {
  const r = await fetch('/api/analysis');
  if (!r.ok) return;
  const j = await r.json();
  if (!replay || j.deal !== replay.index) return;
  analysis = j;
  drawEval(Number($('rec-step').value));
  if (j.done < j.total && !$('records').hidden) setTimeout(pollAnalysis, 600);
}

function step(to) {
  const s = $('rec-step');
  s.value = Math.max(0, Math.min(Number(s.max), to));
  drawStep();
}

// ---- a deal in play, move by move (a match's --live feed) ----

let live = null;        // GET /api/live: the newest deal of the feed
let liveShown = 0;      // its step on the table
let liveTimer = null;
let liveSeen = '';      // "deal players" of the last deal shown live

// Polled while watching and following: a deal of the feed that the
// records do not have yet is shown as it goes, each new move in turn at
// the chosen speed.
async function pollLive() {
  if (!state || state.mode !== 'watch' || $('records').hidden || !$('rec-follow').checked) return;
  const r = await fetch('/api/live');
  if (!r.ok) return;
  const j = await r.json();
  const key = j.steps ? `${j.deal} ${j.players.join()}` : '';
  if (!j.steps || !j.steps.length || deals.some((d) => `${d.deal} ${d.players.join()}` === key)) {
    if (live) { live = null; loadRecords(); }
    return;
  }
  if (!live || `${live.deal} ${live.players.join()}` !== key) liveShown = 0;
  live = j;
  liveSeen = key;
  $('rec-wait').hidden = true;
  if (!liveTimer) advanceLive();
}

function advanceLive() {
  liveTimer = null;
  if (!live) return;
  const ms = [0, 120, 300, 650][Number($('speed').value)] || 0;
  const last = live.steps.length - 1;
  liveShown = ms ? Math.min(liveShown + 1, last) : last;
  drawLive();
  if (liveShown < last) liveTimer = setTimeout(advanceLive, ms);
}

function drawLive() {
  stopAutoplay();
  const steps = live.steps;
  const st = steps[liveShown];
  const decls = [];
  const words = (k) => {
    const s = steps[k];
    const prev = steps[k - 1].view;
    const scored = s.view.points[s.seat] - prev.points[s.seat];
    if (s.action.includes(':')) {
      decls.push({ seat: s.seat, action: s.action, name: declParts(s.action, prev.trump).name, points: scored });
    }
    return moveWords({ action: s.action, scored }, prev);
  };
  const items = [];
  for (let k = 1; k <= liveShown; k++) {
    items.push(el('li', 'move', `<span class="n">${steps[k].step}.</span><span class="who">` +
      `${esc(live.players[steps[k].seat])}</span> ${words(k)}`));
  }
  if (items.length) items[items.length - 1].classList.add('current');
  $('moves').replaceChildren(...items);
  $('moves').scrollTop = $('moves').scrollHeight;
  $('moves-note').textContent = 'live: the cards in the hands are hidden until the deal is recorded';
  setTitle(st.view.variant);
  recTable.update({ view: st.view, bottom: 0, names: live.players, decls, clocks: null, lastTrick: '' });
  $('rec-pos').innerHTML = `<b>live</b> · Deal ${live.deal}, move ${st.step}` +
    (liveShown ? `: ${esc(live.players[st.seat])} ${items[items.length - 1].innerHTML.replace(/^.*?<\/span> /, '')}`
      : ': the deal begins');
}

setInterval(pollLive, 400);

$('rec-deal').addEventListener('change', () => loadReplay());
$('rec-view').addEventListener('change', () => loadReplay());
$('rec-step').addEventListener('input', () => { stopAutoplay(); drawStep(); });
$('rec-prev').addEventListener('click', () => { stopAutoplay(); step(Number($('rec-step').value) - 1); });
$('rec-next').addEventListener('click', () => { stopAutoplay(); step(Number($('rec-step').value) + 1); });
$('rec-start').addEventListener('click', () => { stopAutoplay(); step(0); });
$('rec-end').addEventListener('click', () => { stopAutoplay(); step(Number($('rec-step').max)); });
$('rec-analyse').addEventListener('click', analyse);
