import type { Page } from 'playwright-core';
import { DEMO } from '../../e2e/src/server.ts';

/**
 * Signs the demo customer in on `page` itself (the benches install their observers on the page
 * before it navigates, so the journeys' `signIn`, which opens a new page, does not fit).
 */
export async function loginDemo(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByTestId('login-form').waitFor({ timeout: 30_000 });
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId('login-form').locator('button[type="submit"]').click();
  await page.waitForURL(/\/main\//, { timeout: 30_000 });
}
