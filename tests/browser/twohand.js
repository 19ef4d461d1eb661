// A two-hand game to 1,000 in headless Chromium, played to its end at
// instant speed (the biggest declaration taken, else the first card):
// after each deal the summary says which deal of the game it was, lists
// every deal of the game so far with its points and brisques and the
// game's totals; a marriage outside the turn-up's trump is a plain
// marriage, in the log and on the table.  The way on is in sight after
// "Look at the table" (Next deal in the header).  At the end the
// summary says who won the game and by how much, the match panel counts
// games, not points, and no next game is offered past --deals 1.
// Screenshots: OUT-twohand.png (a deal's summary), OUT-twohand-end.png,
// OUT-twohand-phone.png (390x844: the summary again, from the header,
// its chart drawn to be read there).  node twohand.js URL OUT
'use strict';
const { open } = require('./open.js');

const [url, out] = process.argv.slice(2);
const T = 20000;
let fail = (msg) => { console.error('twohand.js: FAIL: ' + msg); process.exit(1); };

(async () => {
  const o = await open('twohand.js', url);
  const { browser, page, errors } = o;
  fail = o.fail;
  await page.selectOption('#speed', '0');
  const t0 = Date.now();
  let deals = 0;
  let marriages = 0;
  for (;;) {
    if (Date.now() - t0 > 240000) fail(`the game did not end in 4 minutes (${deals} deals)`);
    const st = await page.evaluate(() => document.body.dataset.state);
    if (st === 'broken') fail('the engine failed: ' + await page.textContent('#status'));
    if (st === 'your-turn') {
      // Clicked in the page: a card lifted under the pointer is never
      // still enough for a pointer click.
      await page.evaluate(() => {
        const bs = [...document.querySelectorAll('#play-table .decisions button.legal')]
          .filter((b) => b.dataset.action !== 'pass');
        const pts = (b) => Number((/· (\d+)$/.exec(b.textContent) || [0, 0])[1]);
        bs.sort((a, b) => pts(b) - pts(a));
        const c = bs[0] || document.querySelector('#play-table .legal');
        if (c) c.click();
      });
      await page.waitForTimeout(20);
      continue;
    }
    if (st !== 'deal-over') { await page.waitForTimeout(20); continue; }
    await page.waitForSelector('#summary:not([hidden])', { timeout: T });
    deals++;
    // A marriage is royal only in the trump suit, which the turn-up
    // fixed before the first card.
    const trump = await page.textContent('#play-table .trumpword');
    const suit = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' }[(/trump: (\w+)/.exec(trump) || [])[1]];
    for (const l of await page.$$eval('#log li.l-declare', (ls) => ls.map((x) => x.textContent))) {
      const m = /(Royal marriage|Marriage) \(K(.) Q(.)\)/.exec(l);
      if (!m) continue;
      marriages++;
      if ((m[1] === 'Royal marriage') !== (m[2] === suit)) fail(`with ${trump}: ${l}`);
    }
    const title = await page.textContent('#sum-title');
    const rows = await page.$$eval('#sum-body table.game-deals tr', (rs) => rs.map((r) => r.textContent));
    // Two heading rows, a row a deal, the totals.
    const dealRows = rows.filter((r) => /^Deal \d+/.test(r));
    if (!/Total|The game/.test(rows[rows.length - 1] || '')) fail('no game totals in the summary: ' + rows.join(' | '));
    if (/game value 0/.test(await page.textContent('#sum-line'))) fail('a deal of the game given a game value of 0');
    if (/wins the game/i.test(title)) {
      if (!/^(You win|.+ wins) the game(, a double game)?, [\d,]+ to [\d,]+$/.test(title)) fail('the end says: ' + title);
      if (dealRows.length !== deals) fail(`${deals} deals played, ${dealRows.length} in the game's summary`);
      await page.screenshot({ path: `${out}-twohand-end.png` });
      const match = await page.$$eval('#match tr', (rs) => rs.map((r) => r.textContent));
      if (match.length !== 3 || !/^Game 1.*won/.test(match[1]) || !/^Games won\s*(0\s*[12]|[12]\s*0)$/.test(match[2])) {
        fail('the match panel: ' + match.join(' | '));
      }
      if (await page.isVisible('#next')) fail('a next deal offered after the one game asked for');
      // On a phone: the summary opened again from the header is drawn
      // for its width, the chart's letters readable.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.click('#sum-close');
      await page.click('#summary-bar');
      await page.waitForSelector('#summary:not([hidden])', { timeout: T });
      const fontPx = await page.$eval('#sum-chart svg.chart', (svg) => svg.getBoundingClientRect().width /
        svg.viewBox.baseVal.width * 11);
      if (fontPx < 9) fail(`the chart's letters are ${fontPx.toFixed(1)} px at phone width`);
      await page.screenshot({ path: `${out}-twohand-phone.png` });
      if (errors.length) fail('console or page errors: ' + errors.join('; '));
      console.log(`twohand.js: ${title}, over ${deals} deals; ${marriages} marriages named by the trump`);
      await browser.close();
      return;
    }
    if (!new RegExp(`^Deal ${deals} of the game: `).test(title)) fail(`deal ${deals} summed up as: ${title}`);
    if (dealRows.length !== deals) fail(`deal ${deals}: the game's summary lists ${dealRows.length} deals`);
    const match = await page.$$eval('#match tr', (rs) => rs.map((r) => r.textContent));
    if (!/^Game 1, deal/.test(match[1] || '') || !/^Games won/.test(match[match.length - 1])) {
      fail('the match panel during the game: ' + match.join(' | '));
    }
    if (deals === 1) {
      await page.screenshot({ path: `${out}-twohand.png` });
      // The table looked at, then the way on, in sight.
      await page.click('#sum-close');
      if (!await page.isVisible('#next-bar')) fail('no next deal in sight after "Look at the table"');
      await page.click('#next-bar');
    } else {
      await page.click('#next');
    }
    await page.waitForFunction(() => document.body.dataset.state !== 'deal-over', null, { timeout: T });
  }
})().catch((e) => fail(String(e && e.stack || e)));
