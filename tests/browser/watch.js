// serve --watch in headless Chromium: the page follows a records file
// while a match writes it, showing each new deal at its end.
// node watch.js URL MATCH-COMMAND...
'use strict';
const { spawn } = require('child_process');
const { chromium } = require('playwright-core');

const [url, ...match] = process.argv.slice(2);

function fail(msg) {
  console.error('watch.js: FAIL: ' + msg);
  process.exit(1);
}

(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => /watching: 0 deals/.test(document.getElementById('status').textContent),
    null, { timeout: 10000 });
  if (!(await page.isChecked('#rec-follow'))) fail('not following');
  const m = spawn(match[0], match.slice(1), { stdio: 'ignore' });
  const code = await new Promise((resolve) => m.on('exit', resolve));
  if (code !== 0) fail('the match exited ' + code);
  // The newest deal (#1), shown at its last step.
  await page.waitForFunction(() => {
    const sel = document.getElementById('rec-deal');
    const pos = document.getElementById('rec-pos').textContent;
    const m = /^step (\d+) of (\d+)/.exec(pos);
    return sel.options.length === 2 && sel.value === '1' && m && m[1] === m[2];
  }, null, { timeout: 15000 });
  if (await page.isVisible('#tab-play')) fail('a game tab while only watching');
  if (errors.length) fail('page errors: ' + errors.join('; '));
  console.log('watch.js: followed the match to ' + await page.textContent('#rec-pos'));
  await browser.close();
})().catch((e) => fail(String(e && e.stack || e)));
