import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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
    await server?.stop();
  });
  const need = <T>(v: T | undefined): T => {
    if (!v) throw new Error('suite not started');
    return v;
  };
  return { server: () => need(server), browser: () => need(browser) };
}
