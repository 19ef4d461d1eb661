// serve --watch in headless Chromium: the page follows a records file
// while a tournament writes it, showing each new deal in the table view
// at its end, with the standings beside it.  Saves SHOT while the
// tournament runs.  node watch.js URL SHOT TOURNAMENT-COMMAND...
'use strict';
const { spawn } = require('child_process');
const { chromium } = require('playwright-core');

const [url, shot, ...cmd] = process.argv.slice(2);
const T = 30000;

function fail(msg) {
  console.error('watch.js: FAIL: ' + msg);
  process.exit(1);
}

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
  await page.selectOption('#speed', '1');   // each new deal played through, fast
  await page.waitForFunction(() => /watching: 0 deals/.test(document.getElementById('status').textContent),
    null, { timeout: T });
  if (!(await page.isChecked('#rec-follow'))) fail('not following');
  const t = spawn(cmd[0], cmd.slice(1), { stdio: 'ignore' });
  const done = new Promise((resolve) => t.on('exit', resolve));
  // Live: two deals in, the newest being played through in the table
  // view (all its cards shown), the standings beside.
  await page.waitForFunction(() => document.getElementById('rec-deal').options.length >= 2 &&
    document.querySelectorAll('#rec-table .hand .card:not(.back)').length >= 10 &&
    document.querySelectorAll('#standings tr').length >= 3, null, { timeout: 4 * T });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: shot });
  await page.selectOption('#speed', '0');   // from now on, each deal at its end
  const code = await done;
  if (code !== 0) fail('the tournament exited ' + code);
  const n = await page.evaluate(async () => (await (await fetch('/api/records')).json()).deals.length);
  // The newest deal, shown at its last step.
  await page.waitForFunction((k) => {
    const sel = document.getElementById('rec-deal');
    const m = /^step (\d+) of (\d+)/.exec(document.getElementById('rec-pos').textContent);
    return sel.options.length === k && sel.value === String(k - 1) && m && m[1] === m[2];
  }, n, { timeout: T });
  const rows = await page.$$eval('#standings tr', (r) => r.length - 1);
  if (await page.isVisible('#tab-play')) fail('a game tab while only watching');
  if (errors.length) fail('console or page errors: ' + errors.join('; '));
  console.log(`watch.js: followed ${n} deals of the tournament, ${rows} players in the standings`);
  await browser.close();
})().catch((e) => fail(String(e && e.stack || e)));
