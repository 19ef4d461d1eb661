// The web front end in headless Chromium: plays a whole deal by clicking
// the card faces and the declaration buttons, reloads the page in the
// middle, asks for a hint (the engine's value of every choice), reads
// the end-of-deal summary (the game value with its arithmetic), then
// replays and analyses the deal from its record; then starts a new game
// from the dialog (another opponent, seat and speed) and plays two deals
// of it, the match panel keeping the running score.  A hint asked right
// after a card is not sent (no 4xx).  Screenshots: OUT-deal.png (in
// play), OUT-declare.png (a declaration to choose), OUT-hint.png,
// OUT-summary.png, OUT-replay.png, OUT-phone.png (the hand at 390x844),
// OUT-rules.png, OUT-newgame.png, OUT-newgame-phone.png, OUT-match.png.  Any console error,
// page error or refused request fails it.
// node deal.js URL OUT (OUT: a path prefix, e.g. build/gui)
'use strict';
const { chromium } = require('playwright-core');

const [url, out] = process.argv.slice(2);
const T = 20000;   // a generous wait for one thing: the machine is shared

const errors = [];
function fail(msg) {
  console.error('deal.js: FAIL: ' + msg + (errors.length ? '; page errors: ' + errors.join('; ') : ''));
  process.exit(1);
}

const stateOf = (page) => page.evaluate(() => document.body.dataset.state);

// Clicks the first choice until the deal is over.
async function playDeal(page) {
  const deadline = Date.now() + 120000;
  while (Date.now() < deadline) {
    const st = await stateOf(page);
    if (st === 'deal-over') return;
    const c = st === 'your-turn' && await page.$('#play-table .legal');
    if (c) await c.click({ timeout: 2000 }).catch(() => {});
    else await page.waitForTimeout(30);
  }
  fail('a deal of the new game did not end');
}

// The rules, then the new game dialog: Random at skill 50, the other
// seat, three deals, instant; two deals played, the match panel adding
// them up.
async function newGame(page, out) {
  await page.click('#tab-play');
  await page.click('#rules-btn');
  if (!/first marriage or sequence/.test(await page.textContent('#rules'))) fail('no rules');
  await page.screenshot({ path: `${out}-rules.png` });
  await page.click('#rules-close');
  await page.click('#new-game');
  await page.selectOption('#ng-level', 'random');
  await page.fill('#ng-skill', '50');
  await page.selectOption('#ng-seat', '1');
  await page.fill('#ng-deals', '3');
  await page.selectOption('#ng-speed', '0');
  await page.screenshot({ path: `${out}-newgame.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  const wide = await page.evaluate(() => Math.max(...[...document.querySelectorAll('#newgame .modal-box, #newgame select')]
    .map((e) => e.getBoundingClientRect().right)));
  if (wide > 390) fail(`the new game dialog is ${wide} px wide at phone width`);
  await page.screenshot({ path: `${out}-newgame-phone.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.click('#ng-start');
  await page.waitForFunction(() => /random \(skill 50\)/.test(document.querySelector('#play-table .seat.top .name').textContent),
    null, { timeout: T });
  for (let d = 1; d <= 2; d++) {
    await playDeal(page);
    await page.waitForSelector('#summary:not([hidden])', { timeout: T });
    if (d === 1) {
      await page.click('#next');
      await page.waitForFunction(() => document.body.dataset.state !== 'deal-over', null, { timeout: T });
    }
  }
  const rows = await page.$$eval('#match tr', (rs) => rs.map((r) => r.textContent));
  // The new game's deals go on from the records' numbering (deal 1 was
  // the first game's): no deal of the file named twice.
  if (rows.length !== 4 || !/^Deal 2/.test(rows[1]) || !/^Deal 3/.test(rows[2]) || !/Total/.test(rows[3])) {
    fail('the match panel: ' + rows.join(' | '));
  }
  await page.click('#sum-close');
  await page.screenshot({ path: `${out}-match.png` });
}

(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
  const refused = [];
  page.on('response', (r) => { if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`); });
  await page.goto(url);
  await page.selectOption('#speed', '1');   // fast: cards fly, tricks sweep
  const deadline = Date.now() + 240000;
  let clicks = 0;
  let declared = 0;
  let reloaded = false;
  let hinted = false;
  let shotPlay = false;
  let shotDeclare = false;
  let sawFlight = false;
  let stuckSince = 0;
  let phone = false;
  for (;;) {
    if (Date.now() > deadline) {
      fail(`the deal did not end (${clicks} clicks): ` + await page.textContent('#status') + ' ' + await stateOf(page));
    }
    const st = await stateOf(page);
    if (st === 'deal-over') break;
    if (st === 'broken') fail('the engine failed');
    if (st === 'playing-out' && await page.$('.card.flying')) sawFlight = true;
    if (st !== 'your-turn') { await page.waitForTimeout(30); continue; }
    if (clicks === 10 && !reloaded) {   // the page closed and opened again
      reloaded = true;
      await page.reload();
      continue;
    }
    if (clicks === 22) await page.selectOption('#speed', '0');   // the rest at once
    if (clicks === 20 && !phone) {
      // Phone width: nothing wider than the screen, the hand on it.
      phone = true;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      if (w > 400) fail(`the page is ${w} px wide at phone width`);
      const off = await page.$$eval('#play-table .hand.mine .card', (cs) => cs.filter((c) => {
        const r = c.getBoundingClientRect();
        return r.right > 392 || r.left < -2;
      }).length);
      if (off) fail(`${off} cards of the hand off the screen at phone width`);
      // Readable: cards at least 60 px wide, 50 px apart in their row.
      const gaps = await page.$$eval('#play-table .hand.mine .card', (cs) => cs.map((c) => c.getBoundingClientRect())
        .map((r, i, a) => (i && Math.abs(a[i - 1].top - r.top) < 5 ? r.left - a[i - 1].left : 999)
          + (r.width < 60 ? -1000 : 0)));
      if (gaps.some((g) => g < 50)) fail('the phone hand is cramped: ' + gaps.join(' '));
      await page.screenshot({ path: `${out}-phone.png` });
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.waitForTimeout(300);
      continue;
    }
    if (clicks >= 6 && !shotPlay && await page.$('#play-table .trick .card')) {
      shotPlay = true;
      await page.screenshot({ path: `${out}-deal.png` });
    }
    if (clicks >= 12 && !hinted && await page.$('#play-table .hand.mine .card.legal')) {
      hinted = true;
      await page.click('#hint');
      await page.waitForFunction(() => document.querySelectorAll('#hint-list li.eval').length >= 2 ||
        document.body.dataset.state !== 'your-turn', null, { timeout: T });
      const rows = await page.$$eval('#hint-list li.eval .val', (vs) => vs.map((v) => Number(v.textContent)));
      if (rows.length < 2) fail('no evaluations in the hint');
      // The engine's choice first, then best first; a choice valued
      // below the next is said to be kept within noise.
      for (let i = 2; i < rows.length; i++) if (rows[i] > rows[i - 1]) fail('the hint is not best first: ' + rows);
      if (!await page.$('#hint-list li.eval:first-child.best')) fail('the engine\'s choice is not first in the list');
      const box = await page.textContent('#hintbox');
      if (!/Engine's choice/.test(box)) fail('no engine choice in the hint');
      if (rows[0] < rows[1] && !/Within noise: the engine keeps its pick/.test(box)) fail('a lower choice unexplained: ' + box);
      const worth = /worth ([+-]?\d+)/.exec(box);
      if (worth && Number(worth[1]) !== rows[0]) fail(`the choice is worth ${worth[1]}, its row ${rows[0]}`);
      await page.screenshot({ path: `${out}-hint.png` });
    }
    const before = await page.evaluate(() => Number(document.body.dataset.renders || 0));
    // A declaration offered: its button says it in words; take it.
    // Element handles, not locators: a click must not land on whatever
    // takes the place of a card the page has just redrawn.
    let target = await page.$('#play-table .decisions button.legal[data-action*=":"]');
    if (target) {
      const words = await target.textContent().catch(() => '');
      if (words && (!/^[A-Z][a-zé ]+ \(.+\)( · \d+)?$/.test(words) || /#\d/.test(words))) {
        fail('a declaration not in words: ' + words);
      }
      if (words && !shotDeclare) {
        shotDeclare = true;
        await target.hover().catch(() => {});   // its cards lifted in the hand
        await page.screenshot({ path: `${out}-declare.png` });
      }
    } else {
      target = await page.$('#play-table .legal');
    }
    // The state read above may be a moment old (the turn may have
    // passed, or the page redrawn the choice): then look again; a page
    // that stays at "your-turn" without a choice to click for 20 s is a
    // failure.
    try {
      if (!target) throw new Error('no choice to click');
      await target.click({ timeout: 5000 });
    } catch (e) {
      const now = await page.evaluate(() => Number(document.body.dataset.renders || 0));
      if (now === before && Date.now() - (stuckSince || (stuckSince = Date.now())) > T) throw e;
      await page.waitForTimeout(50);
      continue;
    }
    stuckSince = 0;
    if (clicks % 7 === 3) await page.keyboard.press('h');   // at once: must not be sent
    if (await target.evaluate((e) => e.matches('button[data-action*=":"]')).catch(() => false)) declared++;
    clicks++;
    await page.waitForFunction((n) => Number(document.body.dataset.renders) > n, before, { timeout: T });
  }
  // The summary: who won, the chart over the tricks, the declarations.
  await page.waitForSelector('#summary:not([hidden])', { timeout: T });
  const title = await page.textContent('#sum-title');
  if (!/(win|drawn)/i.test(title)) fail('no result shown: ' + title);
  if (!await page.$('#sum-chart svg.chart path.line.me')) fail('no score chart');
  if (!/game value [\d,]+/.test(await page.textContent('#sum-line'))) fail('no game value');
  const arith = await page.textContent('#sum-line .arith').catch(() => '');
  if (!/for the game.* = [\d,]+$|worth nothing$/.test(arith)) fail('no arithmetic of the game value: ' + arith);
  if (!/Deal 1/.test(await page.textContent('#match')) || !/Total/.test(await page.textContent('#match'))) {
    fail('no match panel: ' + await page.textContent('#match'));
  }
  await page.screenshot({ path: `${out}-summary.png` });
  const log = await page.$$eval('#log li', (ls) => ls.map((l) => l.textContent));
  if (!/new deal/.test(log[0]) || !/deal is over/.test(log[log.length - 1])) fail('the log is not oldest first: ' + log[0]);
  if (log.some((l) => /#\d|event |seat=/.test(l))) fail('a protocol token in the log');
  if (!log.some((l) => /draws? /.test(l))) fail('no draw in the log');
  const cardText = await page.$$eval('.card', (cs) => cs.map((c) => c.textContent).join(''));
  if (/#\d/.test(cardText)) fail('a copy number on a card');

  // The deal just played, replayed from its record with every card
  // shown, and analysed by the engine.
  await page.click('#analyse');
  await page.waitForSelector('#rec-deal option', { state: 'attached', timeout: T });
  await page.waitForFunction(() => /^step \d+ of/.test(document.getElementById('rec-pos').textContent),
    null, { timeout: T });
  await page.click('#rec-start');
  await page.waitForFunction(() => document.querySelectorAll('#rec-table .card:not(.back)').length >= 18,
    null, { timeout: T });
  await page.click('#rec-next');
  const pos = await page.textContent('#rec-pos');
  if (!/^step 1 of \d+: \S+/.test(pos)) fail('replay position: ' + pos);
  // One name per player, one numbering of deals: as in Play.
  const opt = await page.textContent('#rec-deal option');
  if (!/^Deal 1: /.test(opt) || !/greedy/.test(opt)) fail('the replay names the deal or the engine otherwise: ' + opt);
  await page.keyboard.press('ArrowRight');
  if (!/^step 2 of/.test(await page.textContent('#rec-pos'))) fail('the arrow key did not step');
  if (await page.$$eval('#standings tr', (r) => r.length) < 3) fail('no standings');
  await page.click('#rec-analyse');
  await page.waitForFunction(() => /analys(ing|ed): \d+/.test(document.getElementById('eval-note').textContent),
    null, { timeout: T });
  // Every position weighed, or at least a good part if the machine is slow.
  await page.waitForFunction(() => /analysed:/.test(document.getElementById('eval-note').textContent),
    null, { timeout: 120000 }).catch(() => {});
  const note = await page.textContent('#eval-note');
  const m = /(\d+) (of \d+ )?positions/.exec(note);
  if (!m || Number(m[1]) < 10) fail('the analysis did not come: ' + note);
  await page.click('#rec-end');
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowLeft');
  if (!await page.$('#eval-graph path.line.eval')) fail('no evaluation graph');
  await page.screenshot({ path: `${out}-replay.png` });


  await newGame(page, out);

  if (errors.length) fail('console or page errors: ' + errors.join('; '));
  if (refused.length) fail('requests refused: ' + refused.join('; '));
  if (clicks < 30) fail(`only ${clicks} clicks`);
  if (declared < 1) fail('no declaration button was clicked');
  if (!sawFlight) fail('no card was seen flying to the trick');
  console.log(`deal.js: ${clicks} clicks, ${declared} declarations, reloaded, hint shown; ${title}; ${note}`);
  await browser.close();
})().catch((e) => fail(String(e && e.stack || e)));
