// serve --watch in headless Chromium: the page follows a records file
// while a tournament writes it, showing each new deal in the table view
// at its end, with the standings beside it.  Saves SHOT while the
// tournament runs.  node watch.js URL SHOT TOURNAMENT-COMMAND...
'use strict';
const { spawn } = require('child_process');
const { open } = require('./open.js');

const [url, shot, ...cmd] = process.argv.slice(2);
const T = 30000;
let fail = (msg) => { console.error('watch.js: FAIL: ' + msg); process.exit(1); };

(async () => {
  const o = await open('watch.js', url);
  const { browser, page, errors } = o;
  fail = o.fail;
  await page.selectOption('#speed', '1');   // each new deal played through, fast
  await page.waitForFunction(() => /watching: 0 deals/.test(document.getElementById('status').textContent),
    null, { timeout: T });
  if (!(await page.isChecked('#rec-follow'))) fail('not following');
  // Before the first deal: a word of waiting, not a blank felt.
  if (!/Waiting for the first move/.test(await page.textContent('#rec-wait')) || !await page.isVisible('#rec-wait')) {
    fail('no word of waiting before the first deal');
  }
  await page.screenshot({ path: shot.replace(/\.png$/, '-wait.png') });
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
  // Points of view said: whose values the move list shows, whose chance
  // the graph is.
  const evs = (await page.$$('#moves .ev')).length;
  if (evs && !/each mover's own value/.test(await page.textContent('#moves-note'))) fail('the move list values unlabelled');
  if (!/chance to win the deal \(seat 0/.test(await page.textContent('#eval-graph .legend'))) fail('the graph unlabelled');
  if (!/^Deal \d+: /.test(await page.textContent('#rec-deal option'))) fail('deals not numbered from 1');
  if (await page.isVisible('#tab-play')) fail('a game tab while only watching');
  if (errors.length) fail('console or page errors: ' + errors.join('; '));
  console.log(`watch.js: followed ${n} deals of the tournament, ${rows} players in the standings`);
  await browser.close();
})().catch((e) => fail(String(e && e.stack || e)));
