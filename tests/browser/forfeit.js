// Replay & analyse (serve --watch) of deals an engine lost by failing:
// the deal list and the end of each replay say who failed and how, in
// the words Play uses ("badbot stopped (its process ended)"), and that
// the other won by forfeit, never a plain "wins, 40 to 0".
// Screenshot: OUT-forfeit.png.  node forfeit.js URL OUT
'use strict';
const { open } = require('./open.js');

const [url, out] = process.argv.slice(2);
const T = 20000;
let fail = (msg) => { console.error('forfeit.js: FAIL: ' + msg); process.exit(1); };

(async () => {
  const o = await open('forfeit.js', url);
  const { browser, page, errors } = o;
  fail = o.fail;
  await page.selectOption('#speed', '0');
  await page.waitForFunction(() => document.querySelectorAll('#rec-deal option').length >= 2, null, { timeout: T });
  const opts = await page.$$eval('#rec-deal option', (os) => os.map((x) => [x.value, x.textContent]));
  const seen = [];
  await page.uncheck('#rec-follow');
  for (const [value, text] of opts) {
    if (!/by forfeit \(badbot failed\)$/.test(text)) fail('the deal list says: ' + text);
    await page.selectOption('#rec-deal', value);
    await page.waitForTimeout(300);
    await page.click('#rec-end');
    await page.waitForFunction(() => /^step (\d+) of \1 · /.test(document.getElementById('rec-pos').textContent),
      null, { timeout: T });
    const pos = await page.textContent('#rec-pos');
    const m = /^step \d+ of \d+ · (badbot (stopped \(its process ended\)|made an illegal move)): bezique-engine wins by forfeit, game value [\d,]+$/.exec(pos);
    if (!m) fail('the end of the replay says: ' + pos);
    seen.push(m[2]);
  }
  if (!seen.some((s) => /stopped/.test(s)) || !seen.some((s) => /illegal/.test(s))) fail('not a crash and an illegal move: ' + seen);
  // The standings whole in their panel at 1280x720 (a long name cut,
  // not the value column).
  const over = await page.$eval('#standings', (t) => t.getBoundingClientRect().right -
    t.closest('.panel').getBoundingClientRect().right);
  if (over > 0) fail(`the standings run ${Math.round(over)} px past their panel`);
  await page.screenshot({ path: `${out}-forfeit.png` });
  if (errors.length) fail('console or page errors: ' + errors.join('; '));
  console.log(`forfeit.js: ${seen.length} deals lost by failing, said in words: ${seen.join('; ')}`);
  await browser.close();
})().catch((e) => fail(String(e && e.stack || e)));
