// An engine that stops answering, in headless Chromium: within the
// stall limit (seconds) the page says so in words ("... did not answer
// in time: you win the deal by forfeit"), shows the summary with the
// forfeit's arithmetic and a way on: Next deal starts another deal.
// Screenshots: OUT-failure.png (1280x720), OUT-failure-phone.png
// (390x844).  node failure.js URL OUT
'use strict';
const { open } = require('./open.js');

const [url, out] = process.argv.slice(2);
const T = 20000;
let fail = (msg) => { console.error('failure.js: FAIL: ' + msg); process.exit(1); };

(async () => {
  const o = await open('failure.js', url);
  const { browser, page, errors } = o;
  fail = o.fail;
  await page.selectOption('#speed', '0');
  const t0 = Date.now();
  while (await page.evaluate(() => document.body.dataset.state) !== 'deal-over') {
    if (Date.now() - t0 > 30000) fail('no end of the deal in 30 s: ' + await page.textContent('#status'));
    const c = await page.$('body[data-state="your-turn"] #play-table .legal');
    if (c) await c.click({ timeout: 2000 }).catch(() => {});
    else await page.waitForTimeout(50);
  }
  await page.waitForSelector('#summary:not([hidden])', { timeout: T });
  const title = await page.textContent('#sum-title');
  if (!/did not answer in time: you win the deal by forfeit$/.test(title)) fail('the summary says: ' + title);
  if (!/forfeit counts as a rubicon: .* = [\d,]+$/.test(await page.textContent('#sum-line .arith'))) {
    fail('no forfeit arithmetic: ' + await page.textContent('#sum-line'));
  }
  const log = await page.$$eval('#log li', (ls) => ls.map((l) => l.textContent));
  if (!/^The deal is over: .*did not answer in time: you win by forfeit/.test(log[log.length - 1])) {
    fail('the log ends: ' + log.slice(-2).join(' / '));
  }
  if (await page.isDisabled('#next')) fail('no way on: Next deal is disabled');
  await page.screenshot({ path: `${out}-failure.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}-failure-phone.png` });
  await page.click('#next');
  await page.waitForFunction(() => /^Deal 2/.test(document.getElementById('status').textContent), null, { timeout: T });
  if (errors.length) fail('console or page errors: ' + errors.join('; '));
  console.log(`failure.js: ${title}; next deal started`);
  await browser.close();
})().catch((e) => fail(String(e && e.stack || e)));
