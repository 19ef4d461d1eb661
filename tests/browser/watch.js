// serve --watch in headless Chromium: the page follows a records file
// while a tournament writes it (with its live feed, live = yes): before
// the first move it says it waits; then the deal in play move by move
// (public cards only), each deal replayed once recorded, the standings
// beside.  Saves SHOT-wait.png before, SHOT and SHOT-phone.png (390x844)
// while the tournament runs.
// node watch.js URL SHOT TOURNAMENT-COMMAND...
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
  // Live: a deal in play move by move, the move count growing, with
  // two deals recorded and in the standings.
  const liveMove = () => page.evaluate(() => {
    const m = /^live · Deal (\d+), move (\d+)/.exec(document.getElementById('rec-pos').textContent);
    return m ? Number(m[1]) * 10000 + Number(m[2]) : -1;
  });
  await page.waitForFunction(() => /^live · Deal \d+, move [1-9]/.test(document.getElementById('rec-pos').textContent),
    null, { timeout: 4 * T });
  const m0 = await liveMove();
  await page.waitForFunction((k) => {
    const m = /^live · Deal (\d+), move (\d+)/.exec(document.getElementById('rec-pos').textContent);
    return m && Number(m[1]) * 10000 + Number(m[2]) > k;
  }, m0, { timeout: T });
  if (!await page.$('#moves li.current')) fail('no live move list');
  await page.screenshot({ path: shot });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: shot.replace(/\.png$/, '-phone.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.selectOption('#speed', '0');   // from now on, each deal at its end
  const code = await done;
  if (code !== 0) fail('the tournament exited ' + code);
  await page.waitForTimeout(1200);   // the server reads the file every 500 ms
  const n = await page.evaluate(async () => (await (await fetch('/api/records')).json()).deals.length);
  // The newest deal, shown at its last step.
  await page.waitForFunction((k) => {
    const sel = document.getElementById('rec-deal');
    const m = /^step (\d+) of (\d+)/.exec(document.getElementById('rec-pos').textContent);
    return sel.options.length === k && sel.value === String(k - 1) && m && m[1] === m[2];
  }, n, { timeout: T }).catch(async () => fail(`not at the newest deal's end: ` + await page.evaluate(() =>
    [document.getElementById('rec-deal').options.length, document.getElementById('rec-deal').value,
      document.getElementById('rec-pos').textContent].join(' | '))));
  const rows = await page.$$eval('#standings tr', (r) => r.length - 1);
  if (rows < 3) fail(`${rows} players in the standings`);
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
