import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../../e2e/src/browser.ts';
import { startServer } from '../../e2e/src/server.ts';
import { writeReplayFile } from './feed.ts';
import { loginDemo } from './login.ts';

/**
 * Screenshots of the terminal's lists at 1440 and 390 px on an idle feed (prices still), to compare
 * the look before and after a CSS change: `npx tsx web/screens.ts <out dir>`.
 */
const out = path.resolve(process.argv[2] ?? '/tmp/screens');
await mkdir(out, { recursive: true });
const dir = await mkdtemp(path.join(tmpdir(), 'openbroker-web-screens-'));
const file = path.join(dir, 'idle.csv');
await writeReplayFile(file, { instruments: 0, perSecond: 1, seconds: 1 });
const server = await startServer({ FEED_REPLAY_FILE: file });
const browser = await launchBrowser();
try {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await loginDemo(page, server.url);
    await page.goto(`${server.url}/mt4`);
    await page.getByTestId('terminal').waitFor({ timeout: 30_000 });
    const mw = page.getByRole('button', { name: 'Market Watch', exact: true });
    if (await mw.isVisible()) await mw.click();
    await page.waitForTimeout(2_500);
    await page.screenshot({ path: path.join(out, `terminal-${width}.png`) });
    const add = page.getByRole('button', { name: 'Add pair' }).first();
    if (await add.isVisible()) {
      await add.click();
      await page.getByTestId('add-asset-dialog').waitFor();
      await page.waitForTimeout(1_500);
      await page.screenshot({ path: path.join(out, `add-asset-${width}.png`) });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
