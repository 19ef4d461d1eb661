// A bot in a browser tab (bots/browser/index.html): the page, opened
// with its seat's address, name and token in the URL, connects to the
// arbiter over WebSocket and plays the match to the arbiter's quit.
//   node tabbot.js PAGE-URL SHOT.png
'use strict';
const { open } = require('./open.js');

(async () => {
  const [url, shot] = process.argv.slice(2);
  const { browser, page, errors, fail } = await open('tabbot', url);
  try {
    await page.waitForFunction(
      () => /finished|refused/.test(document.getElementById('state').textContent),
      null, { timeout: 180000 });
  } catch (e) {
    fail('the match did not finish: ' + await page.textContent('#state'));
  }
  const said = await page.textContent('#state');
  if (said !== 'finished (quit)') fail('the page says: ' + said);
  const answered = Number(await page.textContent('#answered'));
  if (!(answered > 10)) fail(`only ${answered} requests answered`);
  await page.screenshot({ path: shot });
  if (errors.length) fail('page errors: ' + errors.join('; '));
  console.log(`tabbot: ok, ${answered} requests answered`);
  await browser.close();
})();
