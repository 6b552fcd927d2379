import { parseCsv, STATEMENT_GROUP_OF, type Statement, utcDay } from '@openbroker/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, tradingAccounts } from '../../db/schema.ts';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { moneyTestServices } from '../savings/testSupport.ts';

let t: TradingContext;
let money: ReturnType<typeof moneyTestServices>;
let c: { token: string; accountId: number; userId: number };
// Ledger rows carry the database's time, not the test clock: statements are asked for real days.
const today = utcDay(new Date());
const yesterday = utcDay(new Date(Date.now() - 86_400_000));
const tomorrow = utcDay(new Date(Date.now() + 86_400_000));

const get = (url: string, token = c.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
const statement = async (from: string, to: string) => {
  const res = await get(`/statements?account_id=${c.accountId}&from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Statement;
};

beforeAll(async () => {
  t = await createTradingContext();
  money = moneyTestServices(t);
  c = await t.customer(5_000); // a staff adjustment
  const id = c.accountId;
  // What the payments helpers will book, straight through the accounts owner.
  await money.book(id, 200_000n, 'deposit', 'cash');
  await money.book(id, -1_500n, 'deposit_fee', 'revenue');
  await money.book(id, -30_000n, 'withdrawal_hold', 'withdrawal_holds');
  await money.book(id, 30_000n, 'withdrawal_release', 'withdrawal_holds');
  await money.book(id, -10_000n, 'withdrawal_hold', 'withdrawal_holds');
  await money.book(id, 12_345n, 'seed_funding', 'cash');
  // A trade opened and closed at a profit.
  t.tick('EURUSD', 1.1);
  const placed = await t.order(c.token, { type: 'buy', id: t.assetId('EURUSD'), volume: 10_000 });
  expect(placed.statusCode, placed.body).toBe(200);
  t.clock.advance(1_000);
  t.tick('EURUSD', 1.12);
  const closed = await t.call(c.token, 'POST', `/trade/${placed.json().data.id}/close`, {});
  expect(closed.statusCode, closed.body).toBe(200);
  // Savings in and out, with interest.
  const product = await t.call(t.staff, 'POST', '/admin/savings/products', {
    name: 'Flexible',
    kind: 'flexible',
    currency: 'USD',
    annual_rate: 5,
    term_days: null,
    min_amount: 100,
    max_amount: null,
    enabled: true,
  });
  const sub = await t.call(c.token, 'POST', '/savings', {
    product_id: product.json().data.id,
    account_id: id,
    amount: 1_000,
  });
  expect(sub.statusCode, sub.body).toBe(200);
  t.clock.advance(5 * 86_400_000);
}, 60_000);
afterAll(() => t.close());

async function ledgerSums(accountId: number) {
  const rows = await t.database.db
    .select({ kind: ledgerEntries.kind, total: sql<string>`sum(${ledgerEntries.amountCents})::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tradingAccountId, accountId), eq(ledgerEntries.field, 'balance')))
    .groupBy(ledgerEntries.kind);
  return new Map(rows.map((r) => [r.kind, BigInt(r.total)]));
}

describe('statements', () => {
  it('adds up to the ledger: opening + groups = closing = the balance, each group the sum of its kinds', async () => {
    const redeem = await t.call(
      c.token,
      'POST',
      `/savings/${(await get('/savings')).json().data[0].id}/redeem`,
    );
    expect(redeem.statusCode, redeem.body).toBe(200);
    const s = await statement(yesterday, today);
    const cents = (x: number) => Math.round(x * 100);
    expect(s.opening_balance).toBe(0);
    const groups = [
      s.deposits,
      s.withdrawals,
      s.transfers,
      s.realised_pnl,
      s.interest,
      s.savings,
      s.fees,
      s.adjustments,
    ];
    expect(cents(s.closing_balance)).toBe(
      cents(s.opening_balance) + groups.map(cents).reduce((a, b) => a + b, 0),
    );
    const [account] = await t.database.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, c.accountId));
    expect(BigInt(cents(s.closing_balance))).toBe(account?.balanceCents);
    const sums = await ledgerSums(c.accountId);
    const byGroup = new Map<string, bigint>();
    for (const [kind, total] of sums) {
      const g = STATEMENT_GROUP_OF[kind];
      byGroup.set(g, (byGroup.get(g) ?? 0n) + total);
    }
    for (const g of [
      'deposits',
      'withdrawals',
      'transfers',
      'realised_pnl',
      'interest',
      'savings',
      'fees',
      'adjustments',
    ] as const) {
      expect(BigInt(cents(s[g])), g).toBe(byGroup.get(g) ?? 0n);
    }
    expect(s.deposits).toBe(2_000);
    expect(s.withdrawals).toBe(-100);
    expect(s.fees).toBe(-15);
    expect(s.adjustments).toBe(5_123.45);
    expect(s.savings).toBe(0);
    expect(s.interest).toBeGreaterThan(0);
    expect(s.realised_pnl).toBeGreaterThan(0);
    expect(s.entries.at(-1)?.balance).toBe(s.closing_balance);
    expect(s.entries.map((e) => e.kind)).toContain('savings_interest');
    // A later period opens where this one closed.
    const next = await statement(tomorrow, tomorrow);
    expect(next).toMatchObject({
      opening_balance: s.closing_balance,
      closing_balance: s.closing_balance,
      entries: [],
    });
  });

  it('downloads as CSV that parses back to the same totals, and as a PDF', async () => {
    const s = await statement(yesterday, today);
    const csv = await get(`/statements?account_id=${c.accountId}&from=${yesterday}&to=${today}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="statement-/);
    const rows = parseCsv(csv.body);
    const value = (label: string) => rows.find((r) => r[0] === label)?.[1];
    expect(value('Opening balance')).toBe(s.opening_balance.toFixed(2));
    expect(value('Deposits')).toBe(s.deposits.toFixed(2));
    expect(value('Withdrawals')).toBe(s.withdrawals.toFixed(2));
    expect(value('Realised P/L')).toBe(s.realised_pnl.toFixed(2));
    expect(value('Interest')).toBe(s.interest.toFixed(2));
    expect(value('Fees')).toBe(s.fees.toFixed(2));
    expect(value('Adjustments')).toBe(s.adjustments.toFixed(2));
    expect(value('Closing balance')).toBe(s.closing_balance.toFixed(2));
    const header = rows.findIndex((r) => r[0] === 'Date');
    const entries = rows.slice(header + 1).filter((r) => r.length > 1);
    expect(entries).toHaveLength(s.entries.length);
    const sum = entries.reduce((a, r) => a + Math.round(Number(r[4]) * 100), 0);
    expect(sum).toBe(Math.round((s.closing_balance - s.opening_balance) * 100));

    const pdf = await get(`/statements?account_id=${c.accountId}&from=${yesterday}&to=${today}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('exports the closed trades of the period as CSV', async () => {
    // Trades carry the test clock's time (2026-01-07), unlike ledger rows.
    const res = await get(`/trades/export.csv?account_id=${c.accountId}&from=2026-01-07&to=2026-01-07`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows[0]?.[0]).toBe('Trade');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[1]).toBe('EURUSD');
    expect(rows[1]?.[2]).toBe('buy');
    expect(Number(rows[1]?.[8])).toBeGreaterThan(0);
  });

  it('refuses another customer’s account, bad periods and bad formats', async () => {
    const other = await t.customer(0);
    expect(
      (await get(`/statements?account_id=${c.accountId}&from=${today}&to=${today}`, other.token)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/trades/export.csv?account_id=${c.accountId}&from=${today}&to=${today}`, other.token))
        .statusCode,
    ).toBe(404);
    const backwards = await get(`/statements?account_id=${c.accountId}&from=${today}&to=${yesterday}`);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toBeDefined();
    expect(
      (await get(`/statements?account_id=${c.accountId}&from=2024-01-01&to=2025-06-01`)).statusCode,
    ).toBe(422);
    expect(
      (await get(`/statements?account_id=${c.accountId}&from=2026-02-30&to=2026-03-01`)).statusCode,
    ).toBe(422);
    expect(
      (await get(`/statements?account_id=${c.accountId}&from=${today}&to=${today}&format=xls`)).statusCode,
    ).toBe(422);
  });
});
