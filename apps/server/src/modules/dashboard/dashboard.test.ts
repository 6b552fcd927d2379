import type { Dashboard } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';

let t: TradingContext;
beforeAll(async () => {
  t = await createTradingContext();
});
afterAll(() => t.close());

const eur = (type: 'buy' | 'sell', lots: number) => ({
  type,
  id: t.assetId('EURUSD'),
  volume: lots * 100_000,
  opening_price: 0,
  margin: 0,
  leverage: 0,
  take_profit: 0,
  stop_loss: 0,
  asset_symbol: 'EUR/USD',
  asset_name: 'Euro / US Dollar',
});

async function dashboard(token = t.staff): Promise<Dashboard> {
  const res = await t.call(token, 'GET', '/admin/dashboard');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function open(token: string, type: 'buy' | 'sell', lots: number): Promise<number> {
  const res = await t.order(token, eur(type, lots));
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.body}`);
  return res.json().data.id;
}

describe('GET /admin/dashboard', () => {
  it('needs clients.read: 403 for a customer, allowed for every staff role', async () => {
    const customer = (await t.signIn('customer')).token;
    expect((await t.call(customer, 'GET', '/admin/dashboard')).statusCode).toBe(403);
    const support = (await t.signIn('staff', undefined, ['support'])).token;
    expect((await dashboard(support)).customers.total).toBeGreaterThanOrEqual(0);
  });

  it('counts customers and queues, and says money is not there yet instead of faking it', async () => {
    const before = await dashboard();
    await t.signIn('customer');
    const after = await dashboard();
    expect(after.customers.active).toBe(before.customers.active + 1);
    expect(after.customers.total).toBe(before.customers.total + 1);
    expect(after.queues).toEqual({
      pending_clients: after.customers.pending,
      approvals: expect.any(Number),
      unread_chats: expect.any(Number),
    });
    expect(after.money_today).toEqual({
      available: false,
      deposits_count: 0,
      deposits_cents: 0,
      withdrawals_count: 0,
      withdrawals_cents: 0,
    });
  });

  it('nets exposure per instrument and values customers’ P/L to the cent from live quotes and closed trades', async () => {
    t.tick('EURUSD', 1.1);
    const a = await t.customer(10_000);
    const b = await t.customer(10_000);
    await open(a.token, 'buy', 0.1); // at ask 1.100055
    const sold = await open(b.token, 'sell', 0.1); // at bid 1.099945
    t.tick('EURUSD', 1.101); // bid 1.10094495, ask 1.10105505

    const d = await dashboard();
    expect(d.positions).toMatchObject({ open: 2, accounts: 2, unpriced: 0 });
    expect(d.exposure).toEqual([
      {
        asset_id: t.assetId('EURUSD'),
        symbol: 'EUR/USD',
        name: expect.any(String),
        positions: 2,
        long_lots: 0.1,
        short_lots: 0.1,
        net_lots: 0,
        long_notional_cents: 1_101_000, // 10,000 units × 1.101
        short_notional_cents: 1_101_000,
        net_notional_cents: 0,
        // buyer +8.8995 → +8.90; seller −11.1005 → −11.10
        floating_pnl_cents: 890 - 1_110,
        priced: true,
      },
    ]);
    expect(d.pnl).toEqual({ floating_cents: -220, realised_today_cents: 0, realised_all_time_cents: 0 });

    const closed = await t.call(b.token, 'POST', `/trade/${sold}/close`, {});
    expect(closed.statusCode).toBe(200);
    const after = await dashboard();
    expect(after.exposure.map((r) => [r.long_lots, r.short_lots, r.net_lots, r.net_notional_cents])).toEqual([
      [0.1, 0, 0.1, 1_101_000],
    ]);
    expect(after.pnl).toEqual({
      floating_cents: 890,
      realised_today_cents: -1_110,
      realised_all_time_cents: -1_110,
    });

    // Tomorrow the loss is no longer today's.
    t.clock.advance(24 * 60 * 60 * 1000);
    t.tick('EURUSD', 1.101);
    expect((await dashboard()).pnl).toMatchObject({
      realised_today_cents: 0,
      realised_all_time_cents: -1_110,
    });
  });

  it('lists accounts in margin call from the risk engine, and computes the same without it', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer(115);
    await open(c.token, 'buy', 0.1); // margin $110.01 at 1:100; equity $113.90 → 103.5 %
    expect((await dashboard()).margin_calls.accounts.map((r) => r.account_id)).not.toContain(c.accountId);

    t.tick('EURUSD', 1.0995); // floating −$6.10 → equity $108.90 → 98.99 %
    await t.settle();
    const d = await dashboard();
    expect(d.margin_calls.source).toBe('risk_engine');
    const row = d.margin_calls.accounts.find((r) => r.account_id === c.accountId);
    expect(row).toMatchObject({
      user_id: c.userId,
      currency: 'USD',
      equity_cents: 10_890,
      margin_cents: 11_001,
      margin_call_level: 100,
      stop_out_level: 50,
    });
    expect(row?.margin_level).toBeCloseTo(98.99, 2);

    // A node without the risk role answers from the database and its own quotes, and says so.
    const risk = t.app.risk;
    await risk?.stop();
    try {
      const fromDb = await dashboard();
      expect(fromDb.margin_calls.source).toBe('database');
      expect(fromDb.margin_calls.accounts.find((r) => r.account_id === c.accountId)).toEqual(row);
    } finally {
      await risk?.start();
    }
  });
});
