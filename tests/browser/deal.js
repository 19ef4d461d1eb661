// The web front end in headless Chromium: plays a whole deal by clicking
// the legal cards and buttons, reloads the page in the middle, asks for a
// hint, and saves a screenshot.  node deal.js URL SCREENSHOT
'use strict';
const { chromium } = require('playwright-core');

const [url, shot] = process.argv.slice(2);

function fail(msg) {
  console.error('deal.js: FAIL: ' + msg);
  process.exit(1);
}

(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  const deadline = Date.now() + 45000;
  let clicks = 0;
  let reloaded = false;
  let hinted = false;
  for (;;) {
    if (Date.now() > deadline) fail(`the deal did not end (${clicks} clicks): ` + await page.textContent('#status') + ' ' + await page.evaluate(() => document.body.dataset.state));
    const st = await page.evaluate(() => document.body.dataset.state);
    if (st === 'deal-over') break;
    if (st === 'broken') fail('the engine failed');
    if (st !== 'your-turn') { await page.waitForTimeout(20); continue; }
    if (clicks === 10 && !reloaded) {   // the page closed and opened again
      reloaded = true;
      await page.reload();
      continue;
    }
    if (clicks === 12 && !hinted) {
      hinted = true;
      await page.click('#hint');
      await page.waitForFunction(() => /hint: /.test(document.getElementById('hintbox').textContent),
        null, { timeout: 10000 });
      await page.screenshot({ path: shot.replace(/\.png$/, '-mid.png') });
    }
    const before = await page.evaluate(() => Number(document.body.dataset.renders || 0));
    // A locator finds the element again if an event redraws it.  The
    // state read above may be a moment old (one action can bring two
    // redraws, the last trick's among them): if the click finds no legal
    // action because the turn has passed, look again; a page that stays
    // at "your-turn" without one for 10 s is a failure.
    try {
      await page.locator('.legal').first().click({ timeout: 10000 });
    } catch (e) {
      if (await page.evaluate(() => document.body.dataset.state) === 'your-turn') throw e;
      continue;
    }
    clicks++;
    await page.waitForFunction((n) => Number(document.body.dataset.renders) > n, before,
      { timeout: 10000 });
  }
  const result = await page.textContent('#result');
  if (!/(win|Drawn)/.test(result)) fail('no result shown: ' + result);
  const opp = await page.$$eval('#opp-hand .card', (cs) => cs.length);
  await page.screenshot({ path: shot, fullPage: true });
  // The deal just played, replayed from its record with every card shown.
  await page.click('#tab-records');
  await page.waitForSelector('#rec-deal option', { state: 'attached', timeout: 10000 });
  await page.selectOption('#rec-view', 'all');
  await page.waitForFunction(() => document.querySelectorAll('#rec-board .card:not(.back)').length >= 18,
    null, { timeout: 10000 });
  await page.click('#rec-next');
  const pos = await page.textContent('#rec-pos');
  if (!/^step 1 of \d+: seat \d/.test(pos)) fail('replay position: ' + pos);
  await page.screenshot({ path: shot.replace(/\.png$/, '-replay.png') });
  if (errors.length) fail('page errors: ' + errors.join('; '));
  if (clicks < 30) fail(`only ${clicks} clicks`);
  console.log(`deal.js: ${clicks} clicks, reloaded, hint shown; ${result}; ${opp} cards drawn for the engine`);
  await browser.close();
})().catch((e) => fail(String(e && e.stack || e)));
