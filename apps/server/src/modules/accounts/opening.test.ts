import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.ts';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { MAX_ACCOUNTS_PER_CUSTOMER } from './opening.ts';
import { checkLedger, readAccount } from './repo.ts';

let t: TradingContext;
beforeAll(async () => {
  t = await createTradingContext();
  t.tick('EURUSD', 1.1);
});
afterAll(() => t.close());

const post = (token: string, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const accountsOf = async (token: string) => (await t.call(token, 'GET', '/user')).json().data.accounts;

describe('opening accounts', () => {
  it('tells what may be opened', async () => {
    const c = await t.customer(0);
    const res = await t.call(c.token, 'GET', '/accounts/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      currencies: ['USD', 'EUR', 'GBP'],
      demo_balance: 10_000,
      max_accounts: MAX_ACCOUNTS_PER_CUSTOMER,
    });
  });

  it('opens a live account in an allowed currency, empty, listed in GET /user', async () => {
    const c = await t.customer(0);
    const res = await post(c.token, '/accounts', { type: 'live', currency: 'EUR' });
    expect(res.statusCode).toBe(201);
    const opened = res.json().data;
    expect(opened).toMatchObject({
      title: 'Live EUR',
      type: 'live',
      currency: 'EUR',
      balance: 0,
      credit_balance: 0,
    });
    expect(await accountsOf(c.token)).toEqual([
      expect.objectContaining({ id: c.accountId, type: 'live', currency: 'USD' }),
      expect.objectContaining({ id: opened.id, number: opened.number, type: 'live', currency: 'EUR' }),
    ]);
    const jpy = await post(c.token, '/accounts', { type: 'live', currency: 'JPY' });
    expect(jpy.statusCode).toBe(422);
    expect(jpy.json().errors.currency[0]).toBe('Accounts can be opened in USD, EUR, GBP.');
    expect((await post(c.token, '/accounts', { type: 'live', currency: 'eur' })).statusCode).toBe(422);
  });

  it('funds a demo account in the demo book from demo_funding, once per currency', async () => {
    const c = await t.customer(0);
    const res = await post(c.token, '/accounts', { type: 'demo', currency: 'USD', title: 'Practice' });
    expect(res.statusCode).toBe(201);
    const demo = res.json().data;
    expect(demo).toMatchObject({ title: 'Practice', type: 'demo', currency: 'USD', balance: 10_000 });
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tradingAccountId, demo.id));
    expect(rows).toEqual([
      expect.objectContaining({ book: 'demo', kind: 'demo_funding', amountCents: 10_000_00n }),
    ]);
    const houseSide = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.txnId, rows[0]?.txnId ?? ''), sql`${ledgerEntries.houseAccount} is not null`),
      );
    expect(houseSide).toEqual([
      expect.objectContaining({ houseAccount: 'demo_funding', book: 'demo', amountCents: -10_000_00n }),
    ]);
    const again = await post(c.token, '/accounts', { type: 'demo', currency: 'USD' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already have a demo account in USD');
    expect((await post(c.token, '/accounts', { type: 'demo', currency: 'EUR' })).statusCode).toBe(201);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('holds at most the limit of accounts, even when asked for at once', async () => {
    const c = await t.customer(0);
    const answers = await Promise.all(
      Array.from({ length: MAX_ACCOUNTS_PER_CUSTOMER + 3 }, () =>
        post(c.token, '/accounts', { type: 'live', currency: 'GBP' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_ACCOUNTS_PER_CUSTOMER - 1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    expect(await accountsOf(c.token)).toHaveLength(MAX_ACCOUNTS_PER_CUSTOMER);
  }, 60_000);

  it('answers a repeated Idempotency-Key with the account first opened', async () => {
    const c = await t.customer(0);
    const a = await post(c.token, '/accounts', { type: 'live', currency: 'EUR' }, 'open-account-1');
    const b = await post(c.token, '/accounts', { type: 'live', currency: 'EUR' }, 'open-account-1');
    expect(b.json()).toEqual(a.json());
    expect(await accountsOf(c.token)).toHaveLength(2);
  });

  it('is for customers only', async () => {
    const res = await post(t.staff, '/accounts', { type: 'live', currency: 'EUR' });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/accounts/options' })).statusCode).toBe(401);
  });
});

describe('a demo account', () => {
  it('trades in the demo book, is reset only with no positions, and never counts in live totals', async () => {
    const c = await t.customer(1_000);
    const demo = (await post(c.token, '/accounts', { type: 'demo', currency: 'USD' })).json().data;
    const dashboardBefore = (await t.call(t.staff, 'GET', '/admin/dashboard')).json().data;

    const order = await t.order(c.token, {
      type: 'buy',
      id: t.assetId('EURUSD'),
      volume: 100_000,
      account_id: demo.id,
    });
    expect(order.statusCode).toBe(200);
    const tradeId = order.json().data.id;
    const busy = await post(c.token, `/accounts/${demo.id}/reset`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain('Close your demo positions first');

    // The demo position is no exposure of the house.
    const during = (await t.call(t.staff, 'GET', '/admin/dashboard')).json().data;
    expect(during.exposure).toEqual(dashboardBefore.exposure);
    expect(during.pnl.floating_cents).toBe(dashboardBefore.pnl.floating_cents);

    t.tick('EURUSD', 1.09);
    const closed = await post(c.token, `/trade/${tradeId}/close`, {});
    expect(closed.statusCode).toBe(200);
    const pnlRows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tradeId, tradeId), eq(ledgerEntries.kind, 'realised_pnl')));
    expect(pnlRows.length).toBe(2);
    expect(pnlRows.every((r) => r.book === 'demo')).toBe(true);
    expect(pnlRows.find((r) => r.houseAccount !== null)?.houseAccount).toBe('trading_pnl');
    const lost = (await readAccount(t.database.db, demo.id))?.balanceCents ?? 0n;
    expect(lost).toBeLessThan(10_000_00n);
    const after = (await t.call(t.staff, 'GET', '/admin/dashboard')).json().data;
    expect(after.pnl.realised_all_time_cents).toBe(dashboardBefore.pnl.realised_all_time_cents);

    // The client list's totals are real money only.
    const me = (await t.call(c.token, 'GET', '/user')).json().data;
    const clients = (
      await t.call(t.staff, 'GET', `/admin/clients?search=${encodeURIComponent(me.email)}`)
    ).json();
    expect(clients.data[0]).toMatchObject({ id: c.userId, balance: 1_000, credit: 0 });
    // The client's money tab shows real money only.
    const money = (await t.call(t.staff, 'GET', `/admin/clients/${c.userId}/money`)).json();
    expect(money.data.every((e: { account_id: number }) => e.account_id !== demo.id)).toBe(true);

    const reset = await post(c.token, `/accounts/${demo.id}/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ id: demo.id, type: 'demo', balance: 10_000 });
    const resetRows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tradingAccountId, demo.id), eq(ledgerEntries.kind, 'demo_funding')));
    expect(resetRows.map((r) => r.amountCents)).toEqual([10_000_00n, 10_000_00n - lost]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('resets only the customer’s own demo accounts', async () => {
    const a = await t.customer(100);
    const b = await t.customer(0);
    const demo = (await post(a.token, '/accounts', { type: 'demo', currency: 'EUR' })).json().data;
    expect((await post(b.token, `/accounts/${demo.id}/reset`)).statusCode).toBe(404);
    const live = await post(a.token, `/accounts/${a.accountId}/reset`);
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe('Only a demo account can be reset.');
    expect((await readAccount(t.database.db, a.accountId))?.balanceCents).toBe(100_00n);
  });
});
