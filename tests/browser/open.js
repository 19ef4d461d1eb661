// What each browser test starts with: Debian's Chromium, headless, a
// page at 1280x720 on url, its errors kept (a test fails on any), and a
// fail() that says which test failed.
'use strict';
const { chromium } = require('playwright-core');

exports.open = async (name, url) => {
  const fail = (msg) => {
    console.error(`${name}: FAIL: ${msg}`);
    process.exit(1);
  };
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
  await page.goto(url);
  return { browser, page, errors, fail };
};
