import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { signIn } from '../src/journey.ts';
import { DEMO } from '../src/server.ts';
import { useServerAndBrowser } from '../src/suite.ts';

const suite = useServerAndBrowser();

interface Trade {
  id: number;
  volume: number;
  pnl: number;
  stop_loss: number;
  take_profit: number;
  opening_price: number;
  status: string;
}

/** Crypto trades around the clock, so the journey runs on any day CI does. */
const PAIR = 'ETH/USD';

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Visible controls that stick out of the viewport, except inside containers that scroll sideways
 * on purpose (pair tabs, wide tables): the layout must hold at every width.
 */
async function cutControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scrolls = (el: Element | null): boolean => {
      for (let e = el?.parentElement; e; e = e.parentElement) {
        const o = getComputedStyle(e).overflowX;
        if ((o === 'auto' || o === 'scroll' || o === 'hidden') && e.scrollWidth > e.clientWidth) return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('button, a, input, [role="tab"]'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if ((r.left < -1 || r.right > window.innerWidth + 1) && !scrolls(el)) {
        out.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        );
      }
    }
    return out;
  });
}

describe('trading terminal journey', () => {
  it('adds a pair, opens a 0.10-lot BUY with TP and SL, moves the SL, closes half then the rest, to the cent', async () => {
    const server = suite.server();
    const demo = await server.api<{ data: { token: string } }>('POST', '/auth/login', DEMO);
    const token = demo.body.data.token;
    const api = <T>(method: string, path: string, body?: unknown) => server.api<T>(method, path, body, token);
    const balanceBefore = (await api<{ data: { balance: number } }>('GET', '/user')).body.data.balance;

    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(server, context, DEMO);
    await page.goto(`${server.url}/mt4`);
    await page.getByTestId('terminal').waitFor({ timeout: 15_000 });

    // Add the pair from the add-asset dialog.
    await page.getByRole('button', { name: 'Add pair' }).click();
    const dialog = page.getByTestId('add-asset-dialog');
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Crypto' }).click();
    await dialog.getByRole('searchbox').fill('ETH/USD');
    await screenshot(page, 'terminal-add-asset');
    await dialog.getByText(PAIR, { exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('pair-tabs').getByText(PAIR).first().waitFor();
    await page.waitForTimeout(1_500); // let the chart and live prices settle for the screenshot
    await screenshot(page, 'terminal-1440');
    expect(await cutControls(page)).toEqual([]);

    // Open the order form from the chart's BUY button and fill 0.10 lots with TP and SL.
    const assets = (await api<{ data: { id: number; sy: string; rate: number }[] }>('GET', '/assets')).body
      .data;
    const eth = assets.find((a) => a.sy === PAIR);
    if (!eth) throw new Error(`${PAIR} missing from the catalogue`);
    await page.getByTestId('buy-button').click();
    const form = page.getByTestId('order-form');
    await form.waitFor();
    await form.getByLabel('Volume', { exact: true }).fill('0.10');
    const tp = round2(eth.rate * 1.1);
    const sl = round2(eth.rate * 0.9);
    await form.getByLabel('Take profit').fill(String(tp));
    await form.getByLabel('Stop loss').fill(String(sl));
    await screenshot(page, 'order-form');
    await form.getByRole('button', { name: /^Place BUY order/ }).click();
    await page.getByText('Buy order placed').first().waitFor({ timeout: 15_000 });
    await form.waitFor({ state: 'detached' });

    const open = (await api<{ data: Trade[] }>('GET', '/open/trades')).body.data;
    expect(open).toHaveLength(1);
    const position = open[0] as Trade;
    expect(position).toMatchObject({ volume: 0.1, take_profit: tp, stop_loss: sl, status: 'open' });

    // The position shows in the drawer with a live P/L.
    const drawer = page.getByTestId('positions-drawer');
    const row = drawer.locator(`[data-testid="position-row"][data-trade-id="${position.id}"]`);
    await drawer.getByRole('button', { name: 'Expand positions' }).click();
    await row.waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await row.getByTestId('position-pnl').textContent())?.trim() ?? '')
      .not.toBe('');
    await screenshot(page, 'terminal-position-open');

    // Move the stop-loss.
    const newSl = round2(eth.rate * 0.92);
    await row.getByRole('button', { name: /^TP\/SL: set take profit and stop loss/ }).click();
    const tpsl = page.getByTestId('tpsl-dialog');
    await tpsl.waitFor();
    await tpsl.getByLabel('Stop loss').fill(String(newSl));
    await screenshot(page, 'tpsl-dialog');
    await tpsl.getByRole('button', { name: 'Save' }).click();
    await tpsl.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await api<{ data: Trade[] }>('GET', '/open/trades')).body.data[0]?.stop_loss)
      .toBe(newSl);

    // Close half, then the rest.
    await row.getByRole('button', { name: /^Close ETH\/USD position/ }).click();
    const close = page.getByTestId('close-dialog');
    await close.waitFor();
    await close.getByLabel('Volume').fill('0.05');
    await screenshot(page, 'close-dialog');
    await close.getByRole('button', { name: 'Close position' }).click();
    await close.waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => (await api<{ data: Trade[] }>('GET', '/open/trades')).body.data[0]?.volume)
      .toBe(0.05);
    await row.getByRole('button', { name: /^Close ETH\/USD position/ }).click();
    await close.waitFor();
    await close.getByRole('button', { name: 'Close position' }).click();
    await close.waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => (await api<{ data: Trade[] }>('GET', '/open/trades')).body.data.length)
      .toBe(0);

    // History: both parts, each with the server's P/L to the cent; the balance moved by exactly their sum.
    const closed = (await api<{ data: Trade[] }>('GET', '/closed/trades')).body.data;
    expect(closed).toHaveLength(2);
    expect(closed.map((t) => t.volume).sort()).toEqual([0.05, 0.05]);
    await drawer.getByRole('tab', { name: /history/i }).click();
    const history = drawer.getByTestId('positions-history');
    for (const t of closed) {
      const shown = history.locator(`[data-testid="position-row"][data-trade-id="${t.id}"]`);
      await shown.waitFor();
      const text = (await shown.getByTestId('position-pnl').textContent()) ?? '';
      expect(Number(text.replace(/[^0-9.-]/g, ''))).toBeCloseTo(t.pnl, 2);
    }
    await screenshot(page, 'terminal-history');
    const balanceAfter = (await api<{ data: { balance: number } }>('GET', '/user')).body.data.balance;
    expect(round2(balanceAfter - balanceBefore)).toBe(round2(closed.reduce((s, t) => s + t.pnl, 0)));

    // The other dialogs and the small screen.
    for (const [trigger, testId, name] of [
      ['Profit calculator', 'calculator-dialog', 'calculator-dialog'],
      ['Pending order', 'pending-dialog', 'pending-dialog'],
      ['Asset information', 'asset-info-dialog', 'asset-info-dialog'],
    ] as const) {
      await page.getByRole('button', { name: 'More order options' }).click();
      await page.getByTestId('new-order-popover').getByRole('button', { name: trigger }).click();
      await page.getByTestId(testId).waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, name);
      await page.keyboard.press('Escape');
      await page.getByTestId(testId).waitFor({ state: 'detached' });
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(800);
    await screenshot(page, 'terminal-390');
    expect(await cutControls(page)).toEqual([]);
    await page.goto(`${server.url}/main/dashboard`);
    await page.getByTestId('dashboard').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(800);
    await screenshot(page, 'dashboard-390');
    expect(await cutControls(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForTimeout(500);
    await screenshot(page, 'dashboard-1440');
  }, 180_000);
});
