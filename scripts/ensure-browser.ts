// Makes sure Playwright has a Chromium to drive before the e2e tests start.
// Order (same as playwright.config.ts): CHROMIUM_PATH, Playwright's own Chromium, /usr/bin/chromium.
// When none exists, try `npx playwright install chromium`; if that fails too, say how to get one.
import { execSync } from 'node:child_process';
import { findChromium } from './find-chromium.ts';

if (findChromium()) process.exit(0);

console.log('No Chromium found for the e2e tests; trying `npx playwright install chromium`...');
try {
  execSync('npx playwright install chromium', { stdio: 'inherit' });
} catch {
  // handled below
}
if (findChromium()) process.exit(0);

console.error(`
The e2e tests need Chromium and none could be found or downloaded.
Install one of these, then run \`npm test\` again:
  - Debian/Ubuntu:  sudo apt-get install -y chromium      (gives /usr/bin/chromium)
  - Playwright's:   npx playwright install chromium
  - Any Chromium:   CHROMIUM_PATH=/path/to/chromium npm test
`);
process.exit(1);
