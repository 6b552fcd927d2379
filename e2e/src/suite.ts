import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { takeAxeFindings } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** Starts a fresh server (with `env` added) and Chromium for one journey file and stops both after it. */
export function useServerAndBrowser(env: Record<string, string> = {}): {
  server: () => RunningServer;
  browser: () => Browser;
} {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    const output = server?.output() ?? '';
    await server?.stop();
    // Every page of the journey ran under the Content-Security-Policy; the browser reports what it
    // blocked to the server, which logs it: any violation fails the journey.
    expect(output.match(/^.*"msg":"CSP violation".*$/gm) ?? []).toEqual([]);
    // Every screenshot also ran axe-core: no serious or critical finding on any screen shown.
    expect(takeAxeFindings()).toEqual([]);
  });
  const need = <T>(v: T | undefined): T => {
    if (!v) throw new Error('suite not started');
    return v;
  };
  return { server: () => need(server), browser: () => need(browser) };
}
