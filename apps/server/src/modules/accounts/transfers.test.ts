import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.ts';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
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
const balanceOf = async (id: number) => (await readAccount(t.database.db, id))?.balanceCents;

/** A customer with a funded USD account and an empty live account in `currency`. */
async function customerWith(currency: string, usd = 1_000) {
  const c = await t.customer(usd);
  const res = await post(c.token, '/accounts', { type: 'live', currency });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { ...c, other: res.json().data.id as number };
}

describe('transfers between own live accounts', () => {
  it('converts USD → EUR and back at the live mid rate, both legs in one ledger transaction per currency', async () => {
    const c = await customerWith('EUR');
    const quote = await t.call(
      c.token,
      'GET',
      `/transfers/quote?from_account_id=${c.accountId}&to_account_id=${c.other}&amount=110`,
    );
    expect(quote.statusCode).toBe(200);
    expect(quote.json().data.to_amount).toBe(100);
    expect(quote.json().data.rate).toBeCloseTo(1 / 1.1, 10);

    const res = await post(c.token, '/transfers', {
      from_account_id: c.accountId,
      to_account_id: c.other,
      amount: 110,
    });
    expect(res.statusCode).toBe(201);
    const tr = res.json().data;
    expect(tr).toMatchObject({ from_currency: 'USD', to_currency: 'EUR', from_amount: 110, to_amount: 100 });
    expect(await balanceOf(c.accountId)).toBe(890_00n);
    expect(await balanceOf(c.other)).toBe(100_00n);

    const legs = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'transfer'), eq(ledgerEntries.refId, tr.id)));
    expect(legs).toHaveLength(4);
    expect(legs.every((l) => l.kind === 'transfer' && l.book === 'live')).toBe(true);
    const byCurrency = (ccy: string) =>
      legs
        .filter((l) => l.currency === ccy)
        .map((l) => [l.tradingAccountId ?? l.houseAccount, l.amountCents]);
    expect(byCurrency('USD')).toEqual(
      expect.arrayContaining([
        [c.accountId, -110_00n],
        ['fx', 110_00n],
      ]),
    );
    expect(byCurrency('EUR')).toEqual(
      expect.arrayContaining([
        [c.other, 100_00n],
        ['fx', -100_00n],
      ]),
    );

    // EUR → USD at the same rate.
    const back = await post(c.token, '/transfers', {
      from_account_id: c.other,
      to_account_id: c.accountId,
      amount: 50,
    });
    expect(back.statusCode).toBe(201);
    expect(back.json().data).toMatchObject({
      from_currency: 'EUR',
      to_currency: 'USD',
      from_amount: 50,
      to_amount: 55,
    });
    expect(await balanceOf(c.accountId)).toBe(945_00n);
    expect(await balanceOf(c.other)).toBe(50_00n);

    const page = (await t.call(c.token, 'GET', '/transfers')).json();
    expect(page.meta.total).toBe(2);
    expect(page.data.map((x: { id: number }) => x.id)).toEqual([back.json().data.id, tr.id]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses with 409 when there is no live rate, moving nothing', async () => {
    // The test feed quotes no GBP pair.
    const c = await customerWith('GBP');
    const res = await post(c.token, '/transfers', {
      from_account_id: c.accountId,
      to_account_id: c.other,
      amount: 10,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('no live exchange rate from USD to GBP');
    const q = await t.call(
      c.token,
      'GET',
      `/transfers/quote?from_account_id=${c.accountId}&to_account_id=${c.other}&amount=10`,
    );
    expect(q.statusCode).toBe(409);
    expect(await balanceOf(c.accountId)).toBe(1_000_00n);
  });

  it('never moves more than is withdrawable: credit stays behind', async () => {
    const c = await customerWith('EUR', 100);
    await post(t.staff, `/admin/accounts/${c.accountId}/adjustments`, {
      field: 'credit',
      amount: 500,
      reason: 'Bonus',
    });
    const res = await post(c.token, '/transfers', {
      from_account_id: c.accountId,
      to_account_id: c.other,
      amount: 100.01,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The amount is more than you can transfer ($100.00 available).');
    expect(
      (
        await post(c.token, '/transfers', {
          from_account_id: c.accountId,
          to_account_id: c.other,
          amount: 100,
        })
      ).statusCode,
    ).toBe(201);
    expect(await balanceOf(c.accountId)).toBe(0n);
  });

  it('concurrent transfers never overdraw the source', async () => {
    const c = await customerWith('EUR', 1_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(c.token, '/transfers', { from_account_id: c.accountId, to_account_id: c.other, amount: 300 }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(17);
    expect(await balanceOf(c.accountId)).toBe(100_00n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 60_000);

  it('answers a repeated Idempotency-Key once, and refuses it for another body', async () => {
    const c = await customerWith('EUR');
    const body = { from_account_id: c.accountId, to_account_id: c.other, amount: 11 };
    const a = await post(c.token, '/transfers', body, 'transfer-key-01');
    const b = await post(c.token, '/transfers', body, 'transfer-key-01');
    expect(b.json()).toEqual(a.json());
    expect(await balanceOf(c.accountId)).toBe(989_00n);
    expect((await post(c.token, '/transfers', { ...body, amount: 12 }, 'transfer-key-01')).statusCode).toBe(
      422,
    );
  });

  it('moves only between the customer’s own live accounts', async () => {
    const a = await customerWith('EUR');
    const b = await customerWith('EUR');
    const toOther = await post(a.token, '/transfers', {
      from_account_id: a.accountId,
      to_account_id: b.other,
      amount: 10,
    });
    expect(toOther.statusCode).toBe(404);
    const fromOther = await post(a.token, '/transfers', {
      from_account_id: b.accountId,
      to_account_id: a.other,
      amount: 10,
    });
    expect(fromOther.statusCode).toBe(404);
    const demo = (await post(a.token, '/accounts', { type: 'demo', currency: 'USD' })).json().data;
    const toDemo = await post(a.token, '/transfers', {
      from_account_id: a.accountId,
      to_account_id: demo.id,
      amount: 10,
    });
    expect(toDemo.statusCode).toBe(422);
    expect(toDemo.json().errors.to_account_id[0]).toContain('demo');
    const same = await post(a.token, '/transfers', {
      from_account_id: a.accountId,
      to_account_id: a.accountId,
      amount: 10,
    });
    expect(same.statusCode).toBe(422);
    expect(await balanceOf(a.accountId)).toBe(1_000_00n);
    expect(await balanceOf(b.accountId)).toBe(1_000_00n);
    const [moved] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'transfer'));
    expect(moved?.n).toBeGreaterThan(0);
  });
});
