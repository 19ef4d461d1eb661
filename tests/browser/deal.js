// The web front end in headless Chromium: plays a whole deal by clicking
// the card faces and the declaration buttons, reloads the page in the
// middle, asks for a hint (the engine's value of every choice), reads
// the end-of-deal summary, then replays and analyses the deal from its
// record.  Screenshots: OUT-deal.png (in play), OUT-declare.png (a
// declaration to choose), OUT-hint.png, OUT-summary.png, OUT-replay.png,
// OUT-phone.png.  Any console error or page error fails it.
// node deal.js URL OUT (OUT: a path prefix, e.g. build/gui)
'use strict';
const { chromium } = require('playwright-core');

const [url, out] = process.argv.slice(2);
const T = 20000;   // a generous wait for one thing: the machine is shared

function fail(msg) {
  console.error('deal.js: FAIL: ' + msg);
  process.exit(1);
}

const stateOf = (page) => page.evaluate(() => document.body.dataset.state);

(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
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
      for (let i = 1; i < rows.length; i++) if (rows[i] > rows[i - 1]) fail('the hint is not best first: ' + rows);
      if (!/Engine's choice/.test(await page.textContent('#hintbox'))) fail('no engine choice in the hint');
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
    if (await target.evaluate((e) => e.matches('button[data-action*=":"]')).catch(() => false)) declared++;
    clicks++;
    await page.waitForFunction((n) => Number(document.body.dataset.renders) > n, before, { timeout: T });
  }
  // The summary: who won, the chart over the tricks, the declarations.
  await page.waitForSelector('#summary:not([hidden])', { timeout: T });
  const title = await page.textContent('#sum-title');
  if (!/(win|drawn)/i.test(title)) fail('no result shown: ' + title);
  if (!await page.$('#sum-chart svg.chart path.line.me')) fail('no score chart');
  if (!/game value \d+/.test(await page.textContent('#sum-line'))) fail('no game value');
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


  if (errors.length) fail('console or page errors: ' + errors.join('; '));
  if (clicks < 30) fail(`only ${clicks} clicks`);
  if (declared < 1) fail('no declaration button was clicked');
  if (!sawFlight) fail('no card was seen flying to the trick');
  console.log(`deal.js: ${clicks} clicks, ${declared} declarations, reloaded, hint shown; ${title}; ${note}`);
  await browser.close();
})().catch((e) => fail(String(e && e.stack || e)));
