import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface LoadedScript {
  url: string;
  raw: number;
  gzip: number;
  /** Bytes on the wire for the body, as Chromium saw them. */
  transfer: number;
  contentEncoding: string;
}

/** Loads `/` in Chromium and sums the JavaScript it downloads (the login page, before any login). */
export async function scriptsForRoot(browser: Browser, url: string): Promise<LoadedScript[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<LoadedScript | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          transfer: sizes.responseBodySize,
          contentEncoding: (await response.allHeaders())['content-encoding'] ?? 'none',
        };
      })().catch(() => null),
    );
  });
  try {
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-form').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return (await Promise.all(pending)).filter((s): s is LoadedScript => s !== null);
  } finally {
    await context.close();
  }
}
