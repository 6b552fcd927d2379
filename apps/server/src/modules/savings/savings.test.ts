import { accrueDays, addDays, type SavingsPosition } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, notifications } from '../../db/schema.ts';
import { savingsPositions } from '../../db/schemaMoney.ts';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { checkLedger } from '../accounts/repo.ts';
import { moneyTestServices } from './testSupport.ts';

let t: TradingContext;
let money: ReturnType<typeof moneyTestServices>;
let flexible: number;
let fixed: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTradingContext();
  money = moneyTestServices(t);
  flexible = (
    await createProduct({ name: 'Flexible USD', kind: 'flexible', annual_rate: 3, term_days: null })
  ).id;
  fixed = (await createProduct({ name: '90-day fixed USD', kind: 'fixed', annual_rate: 5, term_days: 90 }))
    .id;
});
afterAll(() => t.close());

async function createProduct(over: object) {
  const res = await t.call(t.staff, 'POST', '/admin/savings/products', {
    description: '',
    currency: 'USD',
    min_amount: 100,
    max_amount: 1_000_000,
    enabled: true,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

function subscribe(token: string, body: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/savings',
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

let emails = 0;
/** A funded customer whose session survives clock jumps: `signIn` signs them in again at the current time. */
async function customer(deposit: number) {
  const email = `saver${++emails}@example.test`;
  const { token } = await t.signIn('customer', email);
  const me = (await t.call(token, 'GET', '/user')).json().data;
  const accountId: number = me.accounts[0].id;
  if (deposit > 0) await money.book(accountId, BigInt(deposit) * 100n, 'staff_adjustment', 'cash');
  return {
    token,
    accountId,
    userId: me.id as number,
    signIn: async () => (await t.signIn('customer', email)).token,
  };
}

const balanceOf = async (token: string) =>
  (await t.call(token, 'GET', '/account/summary')).json().data.balance as number;
const positionRow = async (id: number) =>
  (await t.database.db.select().from(savingsPositions).where(eq(savingsPositions.id, id)))[0];

describe('savings products (staff)', () => {
  it('lets staff with settings.write create and change products, audited; customers get 403', async () => {
    const customer = await t.customer(0);
    expect((await t.call(customer.token, 'GET', '/admin/savings/products')).statusCode).toBe(403);
    const created = await createProduct({
      name: 'Promo',
      kind: 'flexible',
      annual_rate: 4.25,
      term_days: null,
    });
    const changed = await t.call(t.staff, 'PUT', `/admin/savings/products/${created.id}`, {
      name: 'Promo EUR',
      description: 'Changed',
      kind: 'fixed',
      currency: 'EUR',
      annual_rate: 4.5,
      term_days: 60,
      min_amount: 50,
      max_amount: null,
      enabled: false,
    });
    expect(changed.json().data).toMatchObject({
      name: 'Promo EUR',
      kind: 'fixed',
      term_days: 60,
      annual_rate: 4.5,
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'savings_product'), eq(auditLog.objectId, String(created.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['savings.product_create', 'savings.product_update']);
    // Disabled: staff still see it, customers do not.
    const staffList = (await t.call(t.staff, 'GET', '/admin/savings/products')).json().data as {
      id: number;
    }[];
    expect(staffList.map((p) => p.id)).toContain(created.id);
    const offered = (await t.call(customer.token, 'GET', '/savings/products')).json().data as {
      id: number;
    }[];
    expect(offered.map((p) => p.id)).toEqual([flexible, fixed]);
  });

  it('refuses a fixed term that is not a multiple of 30 days, and a maximum below the minimum', async () => {
    const bad = await t.call(t.staff, 'POST', '/admin/savings/products', {
      name: 'Odd',
      kind: 'fixed',
      currency: 'USD',
      annual_rate: 2,
      term_days: 45,
      min_amount: 100,
      max_amount: null,
      enabled: true,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.term_days).toBeDefined();
    const inverted = await t.call(t.staff, 'POST', '/admin/savings/products', {
      name: 'Inverted',
      kind: 'flexible',
      currency: 'USD',
      annual_rate: 2,
      term_days: null,
      min_amount: 100,
      max_amount: 50,
      enabled: true,
    });
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().errors.max_amount).toBeDefined();
  });
});

describe('subscribing', () => {
  it('moves the money to the house savings account, once per Idempotency-Key', async () => {
    const c = await t.customer(10_000);
    const before = await money.houseTotal('savings');
    const body = { product_id: flexible, account_id: c.accountId, amount: 1_000 };
    const first = await subscribe(c.token, body, 'subscribe-key-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await subscribe(c.token, body, 'subscribe-key-1');
    expect(again.json()).toEqual(first.json());
    const position = first.json().data as SavingsPosition;
    expect(position).toMatchObject({
      status: 'active',
      principal: 1000,
      accrued_interest: 0,
      redeemable: true,
    });
    expect(await balanceOf(c.token)).toBe(9_000);
    expect((await money.houseTotal('savings')) - before).toBe(100_000n);
    const other = await subscribe(c.token, { ...body, amount: 999 }, 'subscribe-key-1');
    expect(other.statusCode).toBe(422);
    const list = (await t.call(c.token, 'GET', '/savings')).json().data as SavingsPosition[];
    expect(list).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses another customer’s account, a product in another currency, and amounts out of limits', async () => {
    const c = await t.customer(10_000);
    const other = await t.customer(10_000);
    const theirs = await subscribe(c.token, {
      product_id: flexible,
      account_id: other.accountId,
      amount: 100,
    });
    expect(theirs.statusCode).toBe(404);
    const eur = await createProduct({
      name: 'Flexible EUR',
      kind: 'flexible',
      annual_rate: 2,
      term_days: null,
      currency: 'EUR',
    });
    const mismatch = await subscribe(c.token, { product_id: eur.id, account_id: c.accountId, amount: 100 });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().message).toMatch(/is in EUR and account .* is in USD/);
    const small = await subscribe(c.token, { product_id: flexible, account_id: c.accountId, amount: 99.99 });
    expect(small.statusCode).toBe(422);
    expect(small.json().errors.amount).toEqual(['The minimum is $100.00.']);
    expect(
      (await subscribe(c.token, { product_id: 999_999, account_id: c.accountId, amount: 100 })).statusCode,
    ).toBe(404);
    expect(await balanceOf(c.token)).toBe(10_000);
  });

  it('never takes more than the withdrawable amount: free margin, never credit', async () => {
    t.tick('EURUSD', 1.1);
    const c = await t.customer(1_000);
    const credit = await t.call(t.staff, 'POST', `/admin/accounts/${c.accountId}/adjustments`, {
      field: 'credit',
      amount: 5_000,
      reason: 'Bonus',
    });
    expect(credit.statusCode).toBe(200);
    const order = await t.order(c.token, { type: 'buy', id: t.assetId('EURUSD'), volume: 10_000 });
    expect(order.statusCode, order.body).toBe(200);
    const s = (await t.call(c.token, 'GET', '/account/summary')).json().data;
    const withdrawable = Math.floor((s.equity - s.credit - s.margin) * 100) / 100;
    expect(withdrawable).toBeLessThan(1_000);
    const tooMuch = await subscribe(c.token, {
      product_id: flexible,
      account_id: c.accountId,
      amount: withdrawable + 0.02,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/at most \$[\d,.]+ .*free margin, not credit/);
    const fits = await subscribe(c.token, {
      product_id: flexible,
      account_id: c.accountId,
      amount: withdrawable - 0.01,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('lets exactly what the balance allows through when many subscriptions race', async () => {
    const c = await t.customer(1_000);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        subscribe(c.token, { product_id: flexible, account_id: c.accountId, amount: 300 }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await balanceOf(c.token)).toBe(100);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('accrual and redemption', () => {
  it('accrues 30 days to the cent of the domain formula, each day once even when two runs race', async () => {
    const c = await customer(100_000);
    const res = await subscribe(c.token, {
      product_id: flexible,
      account_id: c.accountId,
      amount: 54_321.09,
    });
    const id = (res.json().data as SavingsPosition).id;
    // Day by day, with two runs at once each time (a role takeover overlapping the old holder).
    for (let day = 0; day < 30; day++) {
      t.clock.advance(DAY);
      await Promise.all([money.accrual.run(), money.accrual.run()]);
    }
    const row = await positionRow(id);
    const expected = accrueDays(5_432_109n, 300, 0n, 30);
    expect(row?.accruedCents).toBe(expected.total);
    expect(row?.carryRemainder).toBe(expected.carry);
    // One interest journal per day that earned a cent, house interest → house savings.
    const postings = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.refType, 'savings_position'),
          eq(ledgerEntries.refId, id),
          eq(ledgerEntries.houseAccount, 'interest'),
        ),
      );
    expect(postings).toHaveLength(expected.perDay.filter((c) => c > 0n).length);
    expect(postings.reduce((a, p) => a + p.amountCents, 0n)).toBe(-expected.total);
    // Running again on the same day changes nothing.
    await money.accrual.run();
    expect((await positionRow(id))?.accruedCents).toBe(expected.total);
    const listed = (await t.call(await c.signIn(), 'GET', '/savings')).json().data as SavingsPosition[];
    expect(listed.find((p) => p.id === id)?.accrued_interest).toBe(Number(expected.total) / 100);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('redeems a flexible deposit with principal and interest back to the account, once', async () => {
    const c = await customer(10_000);
    const res = await subscribe(c.token, { product_id: flexible, account_id: c.accountId, amount: 5_000 });
    const id = (res.json().data as SavingsPosition).id;
    t.clock.advance(10 * DAY);
    c.token = await c.signIn();
    // Not run since: the redemption itself accrues the finished days.
    const redeem = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/savings/${id}/redeem`,
        headers: { authorization: `Bearer ${c.token}`, 'idempotency-key': `redeem-${id}` },
      });
    const answers = await Promise.all([redeem(), redeem(), redeem()]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const interest = accrueDays(500_000n, 300, 0n, 10).total;
    expect(answers[0]?.json().data).toMatchObject({
      status: 'redeemed',
      accrued_interest: Number(interest) / 100,
    });
    expect(await balanceOf(c.token)).toBe(10_000 + Number(interest) / 100);
    const twice = await t.call(c.token, 'POST', `/savings/${id}/redeem`);
    expect(twice.statusCode).toBe(409);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, c.userId));
    expect(notes.map((n) => n.title)).toContain('Savings deposit redeemed');
    const history = (await t.call(c.token, 'GET', '/savings/history')).json();
    expect(history.data.map((h: { kind: string }) => h.kind)).toEqual([
      'savings_interest',
      'savings_redeem',
      'savings_subscribe',
    ]);
    expect(history.data[0].amount).toBe(Number(interest) / 100);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('pays a deposit back once when redemptions and the accrual job race', async () => {
    const c = await customer(10_000);
    const res = await subscribe(c.token, { product_id: flexible, account_id: c.accountId, amount: 3_000 });
    const id = (res.json().data as SavingsPosition).id;
    t.clock.advance(7 * DAY);
    c.token = await c.signIn();
    const jobs = Promise.all([money.accrual.run(), money.accrual.run()]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call(c.token, 'POST', `/savings/${id}/redeem`)),
    );
    await jobs;
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(7);
    const interest = accrueDays(300_000n, 300, 0n, 7).total;
    expect((await positionRow(id))?.accruedCents).toBe(interest);
    expect(await balanceOf(c.token)).toBe(10_000 + Number(interest) / 100);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('keeps a fixed term until maturity, then the job pays it back with exactly its term’s interest', async () => {
    const c = await customer(10_000);
    const res = await subscribe(c.token, { product_id: fixed, account_id: c.accountId, amount: 2_000 });
    const position = res.json().data as SavingsPosition;
    expect(position.redeemable).toBe(false);
    t.clock.advance(45 * DAY);
    c.token = await c.signIn();
    await money.accrual.run();
    const early = await t.call(c.token, 'POST', `/savings/${position.id}/redeem`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `This deposit matures on ${position.matures_at?.slice(0, 10)} at ${position.matures_at?.slice(11, 16)} UTC.`,
    );
    const other = await customer(0);
    expect((await t.call(other.token, 'POST', `/savings/${position.id}/redeem`)).statusCode).toBe(404);
    t.clock.advance(50 * DAY);
    c.token = await c.signIn();
    const report = await money.accrual.run();
    expect(report.matured).toBeGreaterThanOrEqual(1);
    const row = await positionRow(position.id);
    const interest = accrueDays(200_000n, 500, 0n, 90).total;
    expect(row).toMatchObject({
      status: 'redeemed',
      accruedCents: interest,
      accruedThrough: addDays(position.matures_at?.slice(0, 10) ?? '', -1),
    });
    expect(await balanceOf(c.token)).toBe(10_000 + Number(interest) / 100);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, c.userId));
    expect(notes.map((n) => n.title)).toContain('Savings deposit matured');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
