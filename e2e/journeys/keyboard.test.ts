import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { DEMO } from '../src/server.ts';
import { useServerAndBrowser } from '../src/suite.ts';

/**
 * The keyboard alone, at 1440 and at 390 px: sign in, reach the terminal, buy 0.01 BTC/USD with
 * the shortcut, close it from the positions drawer, and read it in the history. No click, no
 * pointer: only Tab, arrows, Enter, Escape and typed keys (the address bar is the only other input).
 */
const suite = useServerAndBrowser();

/** What has focus, as "tag#testid[name]" plus the attributes the steps look at. */
async function focused(
  page: Page,
): Promise<{ tag: string; text: string; heading: boolean; inside: string[] }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const inside: string[] = [];
    for (let at = el; at; at = at.parentElement) if (at.dataset.testid) inside.push(at.dataset.testid);
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 60),
      heading: el?.hasAttribute('data-page-heading') ?? false,
      inside,
    };
  });
}

/** Presses Tab until focus is on an element matching `selector` (at most `max` presses). */
async function tabTo(page: Page, selector: string, max = 60, key = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(
    `${max} × ${key} never reached ${selector}; focus is on ${JSON.stringify(await focused(page))}`,
  );
}

async function expectHeadingFocused(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const now = await focused(page);
        return now.heading ? 'heading' : JSON.stringify(now);
      },
      { timeout: 10_000 },
    )
    .toBe('heading');
}

async function journey(page: Page, url: string, width: number): Promise<void> {
  // Sign in.
  await page.goto(`${url}/login`);
  await page.getByTestId('login-form').waitFor({ timeout: 15_000 });
  await tabTo(page, 'input[name="email"]', 15);
  await page.keyboard.type(DEMO.email);
  await tabTo(page, 'input[name="password"]', 5);
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/main\//, { timeout: 20_000 });
  // Focus moved to the new page's heading, not left on the body.
  await expectHeadingFocused(page);

  // To the terminal through the header's Trade link.
  await tabTo(page, 'a[href="/mt4"]', 40);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/mt4/, { timeout: 15_000 });
  await page.getByTestId('terminal').waitFor({ timeout: 15_000 });
  await expectHeadingFocused(page);
  await page.getByRole('button', { name: /^BUY/ }).first().waitFor({ timeout: 20_000 });

  // The watch list (beside the chart on wide screens) is one Tab stop: arrows move between its
  // rows, and one Tab leaves it.
  if (width >= 1024) {
    await tabTo(page, '[data-testid="watch-list"] [role="option"]', 40);
    const first = (await focused(page)).text;
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const third = (await focused(page)).text;
    expect(third).not.toBe(first);
    await page.keyboard.press('Tab');
    expect((await focused(page)).inside).not.toContain('watch-list');
  }

  // BTC/USD is the terminal's instrument; B opens its order form on the BUY side, on the volume.
  await page.keyboard.press('Escape');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.getByTestId('terminal').locator('h2').first().textContent()).resolves.toContain(
    'BTC/USD',
  );
  await page.keyboard.press('b');
  const form = page.getByTestId('order-form');
  await form.waitFor({ timeout: 10_000 });
  await expect
    .poll(() =>
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent),
    )
    .toMatch(/Volume/);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0.01');
  await screenshot(page, `keyboard-order-form-${width}`);
  await tabTo(page, 'button[type="submit"]', 25);
  expect((await focused(page)).text).toMatch(/^Place BUY order/);
  await page.keyboard.press('Enter');
  await page.getByText('Buy order placed').first().waitFor({ timeout: 15_000 });
  await form.waitFor({ state: 'detached', timeout: 10_000 });
  // Focus came back from the closed form to the page, not to the body.
  expect((await focused(page)).tag).not.toBe('body');

  // The positions drawer: its tabs, then the open position's row (one Tab stop), selected with Enter.
  await tabTo(page, '[data-testid="positions-drawer"] [role="tab"]', 80);
  const drawer = page.getByTestId('positions-drawer');
  if ((await drawer.getAttribute('data-state')) !== 'expanded') {
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => drawer.getAttribute('data-state')).toBe('expanded');
  }
  await tabTo(page, '[data-testid="position-row"]', 10);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-selected')))
    .toBe('true');
  await screenshot(page, `keyboard-position-selected-${width}`);

  // C asks to close the selected position; the dialog starts on its confirm button.
  await page.keyboard.press('c');
  const close = page.getByTestId('close-dialog');
  await close.waitFor({ timeout: 10_000 });
  await expect.poll(async () => (await focused(page)).text).toMatch(/^Close position/);
  await page.keyboard.press('Enter');
  await close.waitFor({ state: 'detached', timeout: 15_000 });
  await expect
    .poll(() => drawer.locator('[data-testid="position-row"]').count(), { timeout: 15_000 })
    .toBe(0);

  // The history: the drawer's tabs move with the arrows.
  await tabTo(page, '[data-testid="positions-drawer"] [role="tab"]', 40, 'Shift+Tab');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const history = drawer.locator('[data-testid="position-row"]').filter({ hasText: 'BTC/USD' });
  await history.first().waitFor({ timeout: 15_000 });
  await screenshot(page, `keyboard-history-${width}`);

  // ? lists the shortcuts; Escape closes the list.
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog');
  await help.waitFor({ timeout: 5_000 });
  await screenshot(page, `keyboard-shortcuts-${width}`);
  await page.keyboard.press('Escape');
  await help.waitFor({ state: 'detached' });
}

describe('keyboard only', () => {
  it.each([1440, 390])(
    'signs in, buys and closes 0.01 BTC/USD and reads its history at %d px',
    async (width) => {
      const context = await suite
        .browser()
        .newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      const page = await context.newPage();
      await journey(page, suite.server().url, width);
      await context.close();
    },
    120_000,
  );
});
