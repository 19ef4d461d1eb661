// The game around the deals (loaded after app.js): the match panel with
// the running score across deals, the new game dialog (variant,
// opponent and its Skill, seat, number of deals, speed: nothing of it
// needs the command line), and the rules in short.
'use strict';

// The running score: each deal's game value to its winner (Rubicon,
// six-, eight-pack: a game is one deal), or in two-hand each game to
// 1,000 with its totals and the games won (2 for a double game).
function drawMatch(st, names) {
  const me = st.seat;
  const opp = 1 - me;
  const hist = st.history || [];
  const byGame = st.game && st.game.variant === 'two-hand';
  const total = [0, 0];
  let rows;
  if (byGame) {
    const games = new Map();   // each game's last deal: its totals
    for (const r of hist) if (r.game) games.set(r.deal, r);
    rows = [...games.values()].map((r) => {
      const g = r.game;
      if (g.over && g.winner >= 0) total[g.winner] += g.value;
      const cell = (s) => fmtNum(g.totals[s]) + (g.over && g.winner === s
        ? ` <b class="won">won${g.value > 1 ? ' ×2' : ''}</b>` : '');
      return `<tr${g.over ? '' : ' class="now"'}><td>Game ${r.deal}` +
        `${g.over ? '' : `, deal ${g.hand + (st.in_deal ? 2 : 1)}`}</td><td>${cell(me)}</td><td>${cell(opp)}</td></tr>`;
    });
    if (st.in_deal && st.hand === 0) rows.push(`<tr class="now"><td>Game ${st.deal}</td><td colspan="2">in play</td></tr>`);
  } else {
    const cell = (r, s) => r.winner === s ? `+${fmtNum(r.value)}` + (r.failure ? ' <span class="muted">forfeit</span>' : '') : '–';
    rows = hist.map((r) => {
      for (const s of [0, 1]) total[s] += r.winner === s ? r.value : 0;
      return `<tr><td>Deal ${r.deal}</td><td>${cell(r, me)}</td><td>${cell(r, opp)}</td></tr>`;
    });
    if (st.in_deal) rows.push(`<tr class="now"><td>Deal ${st.deal}</td><td colspan="2">in play</td></tr>`);
  }
  const lead = total[me] === total[opp] ? 'level' : total[me] > total[opp] ? 'you lead' : `${esc(names[opp])} leads`;
  $('match').innerHTML = `<tr><th></th><th>You</th><th>${esc(names[opp])}</th></tr>` + rows.join('') +
    `<tr class="total"><td>${byGame ? 'Games won' : 'Total'}</td><td>${fmtNum(total[me])}</td><td>${fmtNum(total[opp])}</td></tr>`;
  $('match-note').textContent = (hist.length ? `${lead} · ` : '') +
    (byGame ? 'games to 1,000 points' : 'game values') +
    (st.deals ? ` · ${st.deals} ${byGame ? 'game' : 'deal'}${st.deals > 1 ? 's' : ''}` : '');
}

// ---- the new game dialog ----

function openNewGame() {
  const st = state;
  if (!st || st.mode !== 'play') return;
  const g = st.game || {};
  const given = $('ng-level').querySelector('option[value="given"]');
  if (st.given_engine && !given) {
    const o = document.createElement('option');
    o.value = 'given';
    o.textContent = `${st.given_engine} (from the command line)`;
    $('ng-level').appendChild(o);
  }
  $('ng-variant').value = g.variant || 'rubicon';
  $('ng-level').value = g.level || (st.given_engine ? 'given' : 'greedy');
  $('ng-skill').value = String(g.skill === undefined ? 100 : g.skill);
  $('ng-seat').value = String(st.seat);
  $('ng-deals').value = String(g.deals || 0);
  $('ng-speed').value = $('speed').value;
  ngSkillShown();
  $('ng-note').textContent = st.in_deal ? 'The deal in play is given up: it is not recorded.'
    : 'The deals played so far stay in the records.';
  $('newgame').hidden = false;
  $('ng-variant').focus();
}

function ngSkillShown() {
  $('ng-skill-out').textContent = $('ng-skill').value === '100' ? '100 (full strength)' : $('ng-skill').value;
  $('ng-skill').disabled = $('ng-level').value === 'given';
}

async function startNewGame() {
  $('speed').value = $('ng-speed').value;
  localStorage.setItem('bezique-speed', $('speed').value);
  const body = {
    variant: $('ng-variant').value, level: $('ng-level').value, seat: Number($('ng-seat').value),
    deals: Math.max(0, Math.min(1000, Number($('ng-deals').value) || 0)),
  };
  if ($('ng-level').value !== 'given') body.skill = Number($('ng-skill').value);
  if (await post('/api/newgame', body)) {
    $('newgame').hidden = true;
    $('summary').hidden = true;
    showTab('play');
    refresh();
  }
}

$('new-game').addEventListener('click', openNewGame);
$('sum-new').addEventListener('click', () => { $('summary').hidden = true; openNewGame(); });
$('ng-level').addEventListener('change', ngSkillShown);
$('ng-skill').addEventListener('input', ngSkillShown);
$('ng-start').addEventListener('click', startNewGame);
$('ng-cancel').addEventListener('click', () => { $('newgame').hidden = true; });
$('rules-btn').addEventListener('click', () => { $('rules').hidden = false; });
$('rules-close').addEventListener('click', () => { $('rules').hidden = true; });
