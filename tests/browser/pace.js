// How long the page takes from a click on a card to the person's turn
// again, at each speed: a measurement for doc/play.md's figures, not a
// test (it asserts nothing about time).  Plays the first choice each
// turn against the server at URL for TURNS turns per speed (instant,
// fast, normal), and prints the median and the range.  tests/e2e/
// browser.sh copies it beside the others; run by hand:
//   build/bezique-arbiter serve --port 0 --seed 11 &
//   (cd build/browser && node pace.js http://127.0.0.1:PORT/ 10)
'use strict';
const { open } = require('./open.js');

const [url, turnsArg] = process.argv.slice(2);
const TURNS = Number(turnsArg) || 12;

(async () => {
  const { browser, page, fail } = await open('pace.js', url);
  const state = () => page.evaluate(() => document.body.dataset.state);
  const names = ['instant', 'fast', 'normal', 'slow'];
  for (const sp of [0, 1, 2]) {
    await page.selectOption('#speed', String(sp));
    const times = [];
    while (times.length < TURNS) {
      const st = await state();
      if (st === 'deal-over') { await page.click('#next-bar, #next').catch(() => {}); await page.waitForTimeout(100); continue; }
      const before = await page.textContent('#log');
      const t0 = Date.now();
      // Clicked in the page: a card lifted under the pointer is never
      // "stable" enough for a pointer click.
      const c = st === 'your-turn' && await page.evaluate(() => {
        const e = document.querySelector('#play-table .legal');
        if (e) e.click();
        return !!e;
      });
      if (!c) { await page.waitForTimeout(10); continue; }
      // The move told in the log, then the turn back (or the deal over).
      if (await page.waitForFunction((b) => document.getElementById('log').textContent !== b, before,
        { timeout: 5000 }).then(() => false, () => true)) continue;
      await page.waitForFunction(() => ['your-turn', 'deal-over'].includes(document.body.dataset.state),
        null, { timeout: 60000 }).catch(() => fail('no turn came back'));
      if (await state() === 'your-turn') times.push(Date.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`pace.js: ${names[sp]}: median ${times[times.length >> 1]} ms from a card clicked to your turn again ` +
      `(${TURNS} turns, ${times[0]}-${times[times.length - 1]} ms)`);
  }
  await browser.close();
})();
