import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import type { RunningServer } from './server.ts';

export interface Login {
  email: string;
  password: string;
}

/** Opens the login form of `baseUrl` on a new page of `context`, fills it and submits it. */
export async function submitLogin(baseUrl: string, context: BrowserContext, who: Login): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-form').waitFor({ timeout: 15_000 });
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByTestId('login-form').locator('button[type="submit"]').click();
  return page;
}

/** Signs in on a new page of `context` through the login form and waits for the landing page. */
export async function signIn(
  server: Pick<RunningServer, 'url'>,
  context: BrowserContext,
  who: Login,
): Promise<Page> {
  const page = await submitLogin(server.url, context, who);
  await page.waitForURL(/\/(main|admin)(\/|$)/, { timeout: 20_000 });
  return page;
}

/** A bearer token for API calls beside the browser. */
export async function tokenOf(server: RunningServer, who: Login): Promise<string> {
  const res = await server.api<{ data: { token: string } }>('POST', '/auth/login', who);
  return res.body.data.token;
}

/** Takes a screenshot at 1440 px and at 390 px (`{name}-1440`, `{name}-390`), then goes back to 1440. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}
