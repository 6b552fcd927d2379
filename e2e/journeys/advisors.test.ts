import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.ts';
import { type Login, screenshotBoth, signIn as signInPage, tokenOf } from '../src/journey.ts';
import { DEMO, STAFF } from '../src/server.ts';
import { useServerAndBrowser } from '../src/suite.ts';

/**
 * A replay feed built to make the advisors trade within seconds: BTC/USD (open around the clock)
 * swings ±0.5 % on a 30 s sine, four ticks a second, for half an hour. A moving-average crossover on
 * 2-second bars crosses twice a period; a grid with 0.1 % steps opens a level on every swing.
 */
function replayFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'openbroker-e2e-replay-'));
  const file = path.join(dir, 'btc.csv');
  const start = Date.UTC(2026, 0, 7, 12);
  const rows = ['time,symbol,price,volume'];
  for (let i = 0; i < 4 * 60 * 30; i++) {
    const t = i * 250;
    const price = 95_000 * (1 + 0.005 * Math.sin((2 * Math.PI * t) / 30_000));
    rows.push(`${start + t},BTCUSD,${price.toFixed(2)},1`);
  }
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

// The band guard would hold back the replay's first ticks (they start away from the simulated
// history's last price); it is not what this journey is about.
const suite = useServerAndBrowser({ FEED_REPLAY_FILE: replayFile(), PRICE_BAND_MULTIPLE: '1000' });

const signIn = (context: BrowserContext, who: Login) => signInPage(suite.server(), context, who);
const token = (who: Login) => tokenOf(suite.server(), who);
const both = (page: Page, name: string) => screenshotBoth(page, `advisors-${name}`);

interface Trade {
  id: number;
  status: string;
  origin: string;
  origin_name: string | null;
}
interface Account {
  id: number;
  type: 'live' | 'demo';
  balance: number;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const RISK = {
  maxLots: 0.1,
  maxOpenPositions: 10,
  equityStopPct: 50,
  closeOnEquityStop: true,
  hours: null,
};

describe('Expert Advisors, the marketplace and AutoTrader', () => {
  it('buys an advisor, runs it until it trades, and trades under an approved AutoTrader', async () => {
    const server = suite.server();
    const staff = await server.staffToken();
    const customer = await token(DEMO);

    // Staff put a paid, fast advisor and AutoTrader's set in the catalogue through the editor's API.
    const plans = await server.api<{ data: { plans: { id: number }[] } }>(
      'GET',
      '/admin/plans',
      undefined,
      staff,
    );
    const planIds = plans.body.data.plans.map((p) => p.id);
    const assets = await server.api<{ data: { id: number; symbol: string }[] }>('GET', '/assets');
    const btc = assets.body.data.find((a) => a.symbol === 'BTCUSD');
    expect(btc).toBeDefined();
    const advisor = (name: string, strategy: string, params: Record<string, unknown>, extra: object) => ({
      name,
      description: `${name}: a fast demonstration advisor on BTC/USD for this journey.`,
      strategy,
      params,
      limits: RISK,
      asset_id: btc?.id,
      category: 'Trend',
      author: 'E2E Labs',
      features: ['2-second bars'],
      image: null,
      plan_ids: planIds,
      active: true,
      autotrader: false,
      ...extra,
    });
    const existing = await server.api<{ data: { id: number; autotrader: boolean }[] }>(
      'GET',
      '/admin/expert_advisors',
      undefined,
      staff,
    );
    // AutoTrader's set is only the journey's fast grid, so its trades arrive within the wait.
    for (const a of existing.body.data.filter((x) => x.autotrader)) {
      const full = await server.api<{ data: Record<string, unknown> }>(
        'GET',
        `/admin/expert_advisors/${a.id}`,
        undefined,
        staff,
      );
      const res = await server.api(
        'PUT',
        `/admin/expert_advisors/${a.id}`,
        { ...full.body.data, autotrader: false },
        staff,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const swift = await server.api<{ data: { id: number } }>(
      'POST',
      '/admin/expert_advisors',
      advisor(
        'Swift Cross BTC',
        'ma_crossover',
        { timeframeSec: 2, fast: 2, slow: 5, maType: 'sma', lots: 0.01 },
        { price: 25 },
      ),
      staff,
    );
    expect(swift.status, JSON.stringify(swift.body)).toBe(201);
    const grid = await server.api(
      'POST',
      '/admin/expert_advisors',
      advisor(
        'Ladder BTC',
        'grid',
        {
          timeframeSec: 2,
          stepUnit: 'percent',
          step: 0.08,
          maxLevels: 8,
          lots: 0.01,
          maxTotalLots: 0.2,
          hardStop: 3,
        },
        { price: 0, category: 'Grid', autotrader: true },
      ),
      staff,
    );
    expect(grid.status, JSON.stringify(grid.body)).toBe(201);

    const me = async () =>
      (
        await server.api<{ data: { accounts: Account[]; eas: number[]; autotrader: boolean } }>(
          'GET',
          '/user',
          undefined,
          customer,
        )
      ).body.data;
    const balanceBefore = (await me()).accounts[0]?.balance ?? 0;

    const openTrades = async (origin: string) => {
      const res = await server.api<{ data: Trade[] }>(
        'GET',
        '/open/trades?per_page=100',
        undefined,
        customer,
      );
      return res.body.data.filter((t) => t.origin === origin);
    };

    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(context, DEMO);

    // The marketplace: free ones only, then a search; defaults never stay in the address.
    await page.goto(`${server.url}/main/marketplace`);
    const items = page.getByRole('list', { name: 'Expert Advisors' });
    await items.getByRole('listitem').first().waitFor({ timeout: 15_000 });
    await both(page, 'marketplace');
    await page.getByLabel('Show').selectOption('free');
    await page.waitForURL(/filter=free/);
    await expect
      .poll(() => items.getByRole('listitem').filter({ hasText: 'Swift Cross BTC' }).count())
      .toBe(0);
    await items.getByRole('listitem').filter({ hasText: 'Ladder BTC' }).first().waitFor();
    await page.getByLabel('Show').selectOption('popular');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByRole('searchbox', { name: 'Search' }).fill('swift cross');
    await page.waitForURL(/search=swift/);
    await expect.poll(() => items.getByRole('listitem').count()).toBe(1);

    // Buying it takes its price from the account through the ledger.
    await page.getByRole('button', { name: 'Buy Swift Cross BTC' }).click();
    const buy = page.getByRole('dialog');
    await buy.getByText('Buy Swift Cross BTC').waitFor();
    await screenshot(page, 'advisors-purchase-1440');
    await buy.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByText('Expert Advisor purchased successfully').first().waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Swift Cross BTC: purchased' }).waitFor();
    expect(await page.getByRole('button', { name: 'Swift Cross BTC: purchased' }).isDisabled()).toBe(true);
    const after = await me();
    expect(Math.round(((after.accounts[0]?.balance ?? 0) - balanceBefore) * 100)).toBe(-2500);
    expect(after.eas).toContain(swift.body.data.id);

    // Started in the Algo Trader tree, it trades on the replayed swings; stopped, it stops.
    await page.goto(`${server.url}/mt4`);
    const tree = page.getByTestId('algo-trader');
    const node = tree.getByTestId('advisor-node').filter({ hasText: 'Swift Cross BTC' });
    await node.getByText('Stopped').waitFor({ timeout: 20_000 });
    await node.getByRole('button').first().click();
    await page.getByText('Expert Advisor started').first().waitFor({ timeout: 10_000 });
    const first = await until("the advisor's first trade", async () => (await openTrades('ea'))[0], 90_000);
    expect(first.origin_name).toBe('Swift Cross BTC');
    await node.getByText('Running').waitFor({ timeout: 15_000 });
    await both(page, 'terminal-running');
    await node.getByRole('button').first().click();
    await page.getByText('Expert Advisor stopped').first().waitFor({ timeout: 10_000 });
    await node.getByText('Stopped').waitFor({ timeout: 10_000 });

    // AutoTrader at medium (from the main header): requested by the customer, approved by staff.
    await page.goto(`${server.url}/main/dashboard`);
    await page.getByRole('button', { name: 'AutoTrader', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Medium/ }).waitFor();
    expect(await dialog.getByRole('radio', { name: /Medium/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Activate' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/I accept/).check();
    await screenshot(page, 'advisors-autotrader-dialog-1440');
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('AutoTrader settings saved successfully').first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');

    const staffContext = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await signIn(staffContext, STAFF);
    await admin.goto(`${server.url}/admin/approvals`);
    const request = admin.getByRole('row').filter({ hasText: 'AutoTrader' });
    await request.first().waitFor({ timeout: 10_000 });
    await both(admin, 'admin-autotrader-request');
    await request.first().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(async () => (await me()).autotrader, { timeout: 15_000 }).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'AutoTrader (active)' }).first().click();
    await page.getByRole('dialog').getByText('Auto Trader Active').waitFor({ timeout: 10_000 });
    await both(page, 'autotrader-active');
    await page.keyboard.press('Escape');

    // Its trades arrive, and medium never holds more than four at a time.
    await until("AutoTrader's first trade", async () => (await openTrades('autotrader'))[0], 90_000);
    let most = 0;
    for (let i = 0; i < 30; i++) {
      most = Math.max(most, (await openTrades('autotrader')).length);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(4);
    await both(page, 'terminal-autotrader');

    // Staff see the runs across clients.
    await admin.goto(`${server.url}/admin/advisor-runs`);
    await admin
      .getByRole('row')
      .filter({ hasText: /AutoTrader/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await both(admin, 'admin-runs');
    await admin.goto(`${server.url}/admin/expert-advisors`);
    await admin.getByRole('row').filter({ hasText: 'Swift Cross BTC' }).first().waitFor({ timeout: 10_000 });
    await both(admin, 'admin-catalogue');
    await staffContext.close();
    await context.close();
  });
});
