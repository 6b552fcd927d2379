import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, notifications, verificationSettings } from '../../db/schema.ts';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { checkLedger, readAccount } from '../accounts/repo.ts';
import {
  allowWithdrawalsAtLevelZero,
  BTC_ADDRESS,
  completedCardDeposit,
  ETH_ADDRESS,
  IBAN,
  withdrawalMethodsForTests,
} from './testSupport.ts';

let t: TradingContext;
let finance1: string;
let finance2: string;
let support: string;

beforeAll(async () => {
  t = await createTradingContext();
  await allowWithdrawalsAtLevelZero(t.database.db);
  await withdrawalMethodsForTests(t.database.db);
  t.tick('EURUSD', 1.1);
  finance1 = (await t.signIn('staff', 'wd-finance1@example.test', ['finance'])).token;
  finance2 = (await t.signIn('staff', 'wd-finance2@example.test', ['finance'])).token;
  support = (await t.signIn('staff', 'wd-support@example.test', ['support'])).token;
});
afterAll(() => t.close());

const post = (token: string, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const get = (token: string, url: string) => t.call(token, 'GET', url);
const balanceOf = async (id: number) => (await readAccount(t.database.db, id))?.balanceCents;
const crypto = (accountId: number, amount: number) => ({
  method: 'crypto',
  account_id: accountId,
  amount,
  coin: 'BTC',
  network: 'bitcoin',
  address: BTC_ADDRESS,
});

/** Sum of a house account's entries for one currency in the live book. */
async function house(name: string, currency = 'USD'): Promise<bigint> {
  const [row] = await t.database.db
    .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(
      and(
        sql`${ledgerEntries.houseAccount} = ${name}`,
        eq(ledgerEntries.currency, currency),
        eq(ledgerEntries.book, 'live'),
      ),
    );
  return BigInt(row?.s ?? '0');
}

describe('withdrawal options', () => {
  it('lists the methods of the account, its withdrawable amount and the two-level threshold', async () => {
    const c = await t.customer(1_000);
    const res = await get(c.token, `/withdrawals/options?account_id=${c.accountId}`);
    expect(res.statusCode).toBe(200);
    const o = res.json().data;
    expect(o).toMatchObject({
      account_id: c.accountId,
      currency: 'USD',
      withdrawable: 1000,
      two_level_threshold: 5000,
    });
    const keys = o.methods.map((m: { key: string }) => m.key);
    expect(keys).toEqual(expect.arrayContaining(['crypto:BTC:bitcoin', 'crypto:ETH:ethereum', 'wire']));
    // No card deposits: nothing to pay back to a card.
    expect(keys).not.toContain('card');
    expect(o.methods.find((m: { key: string }) => m.key === 'wire')).toMatchObject({
      method: 'bank',
      fee_fixed: 10,
      enabled: true,
    });
    expect(o.card_refunds).toEqual([]);
  });

  it('refuses another customer’s account (404) and a demo account (422)', async () => {
    const a = await t.customer(100);
    const b = await t.customer(100);
    expect((await get(a.token, `/withdrawals/options?account_id=${b.accountId}`)).statusCode).toBe(404);
    const demo = await post(a.token, '/accounts', { type: 'demo', currency: 'USD' });
    expect(demo.statusCode).toBe(201);
    const res = await get(a.token, `/withdrawals/options?account_id=${demo.json().data.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.account_id[0]).toContain('demo');
  });
});

describe('a crypto withdrawal from request to payout', () => {
  it('holds amount and fee at once, is approved, paid out by the provider and books cash and revenue', async () => {
    const c = await t.customer(1_000);
    const before = {
      holds: await house('withdrawal_holds'),
      cash: await house('cash'),
      revenue: await house('revenue'),
    };
    const res = await post(c.token, '/withdrawals', crypto(c.accountId, 500));
    expect(res.statusCode).toBe(201);
    const w = res.json().data;
    expect(w).toMatchObject({
      method: 'crypto',
      status: 'held',
      amount: 500,
      fee: 5,
      total: 505,
      approvals_required: 1,
      approvals_given: 0,
      cancellable: true,
    });
    expect(w.destination).toContain(BTC_ADDRESS);
    expect(await balanceOf(c.accountId)).toBe(495_00n);
    expect((await house('withdrawal_holds')) - before.holds).toBe(505_00n);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.userId))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    expect(note?.title).toBe('Withdrawal requested');

    const approved = await post(finance1, `/admin/withdrawals/${w.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', approvals_given: 1 });
    const processed = await post(finance1, `/admin/withdrawals/${w.id}/process`);
    expect(processed.statusCode).toBe(200);
    // The sandbox chain settles a payout at once.
    expect(processed.json().data.status).toBe('completed');
    expect(processed.json().data.completed_at).not.toBeNull();

    expect((await house('withdrawal_holds')) - before.holds).toBe(0n);
    expect((await house('cash')) - before.cash).toBe(500_00n);
    expect((await house('revenue')) - before.revenue).toBe(5_00n);
    expect(await balanceOf(c.accountId)).toBe(495_00n);
    const mine = (await get(c.token, '/withdrawals')).json();
    expect(mine.data[0]).toMatchObject({ id: w.id, status: 'completed' });
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'withdrawal'), eq(auditLog.objectId, String(w.id))));
    expect(actions.map((a) => a.action)).toEqual([
      'withdrawal.request',
      'withdrawal.approve',
      'withdrawal.process',
      'withdrawal.complete',
    ]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses an address that fails its network’s checksum, naming the field', async () => {
    const c = await t.customer(1_000);
    const bad = await post(c.token, '/withdrawals', {
      ...crypto(c.accountId, 50),
      address: `${BTC_ADDRESS.slice(0, -1)}5`,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.address[0]).toContain('checksum');
    const eth = await post(c.token, '/withdrawals', {
      ...crypto(c.accountId, 50),
      coin: 'ETH',
      network: 'ethereum',
      address: `${ETH_ADDRESS.slice(0, -1)}D`,
    });
    expect(eth.statusCode).toBe(422);
    expect(eth.json().errors.address[0]).toContain('checksum');
    const wrongChain = await post(c.token, '/withdrawals', {
      ...crypto(c.accountId, 50),
      address: ETH_ADDRESS,
    });
    expect(wrongChain.statusCode).toBe(422);
    const ok = await post(c.token, '/withdrawals', {
      ...crypto(c.accountId, 50),
      coin: 'ETH',
      network: 'ethereum',
      address: ETH_ADDRESS.toLowerCase(),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.destination).toContain(ETH_ADDRESS);
    expect(await balanceOf(c.accountId)).toBe(950_00n);
  });

  it('refuses more than is withdrawable with a clear 409, and below the method minimum with a 422', async () => {
    const c = await t.customer(100);
    const res = await post(c.token, '/withdrawals', crypto(c.accountId, 100));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The amount is more than you can withdraw ($100.00 available).');
    const small = await post(c.token, '/withdrawals', crypto(c.accountId, 5));
    expect(small.statusCode).toBe(422);
    expect(small.json().errors.amount[0]).toContain('smallest');
    expect(await balanceOf(c.accountId)).toBe(100_00n);
  });
});

describe('a bank withdrawal', () => {
  const bank = (accountId: number, over: object = {}) => ({
    method: 'bank',
    account_id: accountId,
    amount: 200,
    holder: 'TEST Customer',
    iban: IBAN,
    bic: 'COBADEFFXXX',
    bank_name: 'Commerzbank',
    ...over,
  });

  it('must go to an account in the customer’s own name with a valid IBAN', async () => {
    const c = await t.customer(1_000);
    const other = await post(c.token, '/withdrawals', bank(c.accountId, { holder: 'Someone Else' }));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.holder[0]).toContain('your own name');
    const typo = await post(c.token, '/withdrawals', bank(c.accountId, { iban: 'DE89370400440532013001' }));
    expect(typo.statusCode).toBe(422);
    expect(typo.json().errors.iban[0]).toContain('check digits');
    expect(await balanceOf(c.accountId)).toBe(1_000_00n);
  });

  it('is paid by staff by hand when the method has no payout: processing, then completed', async () => {
    const c = await t.customer(1_000);
    const res = await post(c.token, '/withdrawals', bank(c.accountId));
    expect(res.statusCode).toBe(201);
    const w = res.json().data;
    expect(w).toMatchObject({ method: 'bank', fee: 10, total: 210, status: 'held' });
    expect(w.destination).toContain('DE89370400440532013000');
    await post(finance1, `/admin/withdrawals/${w.id}/approve`);
    const processing = await post(finance1, `/admin/withdrawals/${w.id}/process`);
    expect(processing.json().data.status).toBe('processing');
    // Not cancellable by the customer any more.
    expect((await post(c.token, `/withdrawals/${w.id}/cancel`)).statusCode).toBe(409);
    const done = await post(finance2, `/admin/withdrawals/${w.id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('completed');
    expect((await post(finance2, `/admin/withdrawals/${w.id}/complete`)).statusCode).toBe(409);
    expect(await balanceOf(c.accountId)).toBe(790_00n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('a card withdrawal', () => {
  it('pays card deposits back oldest first, never more than they were', async () => {
    const c = await t.customer(1_000);
    expect(
      (await post(c.token, '/withdrawals', { method: 'card', account_id: c.accountId, amount: 50 }))
        .statusCode,
    ).toBe(422);
    const first = await completedCardDeposit(t.database.db, c.userId, c.accountId, 300_00n, '1111');
    const second = await completedCardDeposit(t.database.db, c.userId, c.accountId, 200_00n, '2222');
    const options = (await get(c.token, `/withdrawals/options?account_id=${c.accountId}`)).json().data;
    expect(options.methods.map((m: { key: string }) => m.key)).toContain('card');
    expect(options.card_refunds).toEqual([
      { deposit_id: first, card_last4: '1111', refundable: 300 },
      { deposit_id: second, card_last4: '2222', refundable: 200 },
    ]);

    const res = await post(c.token, '/withdrawals', { method: 'card', account_id: c.accountId, amount: 400 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.destination).toBe('Card ending 1111, 2222');
    const after = (await get(c.token, `/withdrawals/options?account_id=${c.accountId}`)).json().data;
    expect(after.card_refunds).toEqual([{ deposit_id: second, card_last4: '2222', refundable: 100 }]);
    const tooMuch = await post(c.token, '/withdrawals', {
      method: 'card',
      account_id: c.accountId,
      amount: 150,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toContain('$100.00');

    // A rejected card withdrawal gives its allocation back.
    const rejected = await post(finance1, `/admin/withdrawals/${res.json().data.id}/reject`, {
      reason_code: 'invalid_destination',
      reason: 'Card expired',
    });
    expect(rejected.statusCode).toBe(200);
    const again = (await get(c.token, `/withdrawals/options?account_id=${c.accountId}`)).json().data;
    expect(again.card_refunds.map((r: { refundable: number }) => r.refundable)).toEqual([300, 200]);
  });
});

describe('what is withdrawable', () => {
  it('never includes credit', async () => {
    const c = await t.customer(1_000);
    const credit = await post(t.staff, `/admin/accounts/${c.accountId}/adjustments`, {
      field: 'credit',
      amount: 5_000,
      reason: 'Bonus',
    });
    expect(credit.statusCode).toBe(200);
    const o = (await get(c.token, `/withdrawals/options?account_id=${c.accountId}`)).json().data;
    expect(o.withdrawable).toBe(1000);
    const res = await post(c.token, '/withdrawals', crypto(c.accountId, 991));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('$1,000.00 available');
  });

  it('leaves out the margin of open positions and their floating loss', async () => {
    const c = await t.customer(1_000);
    const order = await t.order(c.token, { type: 'buy', id: t.assetId('EURUSD'), volume: 10_000 });
    expect(order.statusCode).toBe(200);
    const summary = (await get(c.token, '/account/summary')).json().data;
    const o = (await get(c.token, `/withdrawals/options?account_id=${c.accountId}`)).json().data;
    // Free margin less credit (none here), at most the balance: the spread is a floating loss.
    expect(o.withdrawable).toBeCloseTo(summary.equity - summary.margin, 2);
    expect(o.withdrawable).toBeLessThan(1000 - summary.margin + 0.001);
    const res = await post(c.token, '/withdrawals', crypto(c.accountId, Math.floor(o.withdrawable)));
    expect(res.statusCode).toBe(409);
  });
});

describe('cancel and reject', () => {
  it('the customer cancels a held withdrawal once; the hold comes back', async () => {
    const c = await t.customer(1_000);
    const w = (await post(c.token, '/withdrawals', crypto(c.accountId, 100))).json().data;
    expect(await balanceOf(c.accountId)).toBe(899_00n);
    const res = await post(c.token, `/withdrawals/${w.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await balanceOf(c.accountId)).toBe(1_000_00n);
    const again = await post(c.token, `/withdrawals/${w.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This withdrawal can no longer be cancelled (it is cancelled).');
    expect((await post(finance1, `/admin/withdrawals/${w.id}/approve`)).statusCode).toBe(409);
    expect(await balanceOf(c.accountId)).toBe(1_000_00n);
  });

  it('staff reject with a coded reason the customer reads; the hold comes back once', async () => {
    const c = await t.customer(1_000);
    const w = (await post(c.token, '/withdrawals', crypto(c.accountId, 100))).json().data;
    await post(finance1, `/admin/withdrawals/${w.id}/approve`);
    const bad = await post(finance1, `/admin/withdrawals/${w.id}/reject`, {
      reason_code: 'nope',
      reason: 'x',
    });
    expect(bad.statusCode).toBe(422);
    const res = await post(finance1, `/admin/withdrawals/${w.id}/reject`, {
      reason_code: 'name_mismatch',
      reason: 'The wallet belongs to someone else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', reason_code: 'name_mismatch' });
    expect(await balanceOf(c.accountId)).toBe(1_000_00n);
    expect(
      (await post(finance1, `/admin/withdrawals/${w.id}/reject`, { reason_code: 'other', reason: 'again' }))
        .statusCode,
    ).toBe(409);
    expect(await balanceOf(c.accountId)).toBe(1_000_00n);
    const mine = (await get(c.token, '/withdrawals')).json().data[0];
    expect(mine).toMatchObject({ id: w.id, status: 'rejected', reason_code: 'name_mismatch' });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('two-level approval', () => {
  it('needs two different staff members at or above the threshold', async () => {
    const c = await t.customer(10_000);
    const w = (await post(c.token, '/withdrawals', crypto(c.accountId, 5_000))).json().data;
    expect(w.approvals_required).toBe(2);
    const first = await post(finance1, `/admin/withdrawals/${w.id}/approve`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'held', approvals_given: 1 });
    expect(first.json().data.first_approved_by.name).toBe('Test staff');
    const same = await post(finance1, `/admin/withdrawals/${w.id}/approve`);
    expect(same.statusCode).toBe(403);
    expect(same.json().message).toBe('A second staff member must give the second approval.');
    const second = await post(finance2, `/admin/withdrawals/${w.id}/approve`);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ status: 'approved', approvals_given: 2 });
  });

  it('the customer may still cancel after the first of two approvals', async () => {
    const c = await t.customer(10_000);
    const w = (await post(c.token, '/withdrawals', crypto(c.accountId, 6_000))).json().data;
    await post(finance1, `/admin/withdrawals/${w.id}/approve`);
    expect((await post(c.token, `/withdrawals/${w.id}/cancel`)).json().data.status).toBe('cancelled');
    expect(await balanceOf(c.accountId)).toBe(10_000_00n);
  });
});

describe('Idempotency-Key', () => {
  it('answers the same key with the first answer and refuses it for another request', async () => {
    const c = await t.customer(1_000);
    const key = 'withdraw-key-0001';
    const a = await post(c.token, '/withdrawals', crypto(c.accountId, 100), key);
    const b = await post(c.token, '/withdrawals', crypto(c.accountId, 100), key);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(await balanceOf(c.accountId)).toBe(899_00n);
    const other = await post(c.token, '/withdrawals', crypto(c.accountId, 200), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request.');
    expect(await balanceOf(c.accountId)).toBe(899_00n);
  });
});

describe('who may do what', () => {
  it('a customer cannot see or cancel another customer’s withdrawal, nor withdraw from their account', async () => {
    const a = await t.customer(1_000);
    const b = await t.customer(1_000);
    const w = (await post(a.token, '/withdrawals', crypto(a.accountId, 100))).json().data;
    expect((await get(b.token, `/withdrawals/${w.id}`)).statusCode).toBe(404);
    expect((await post(b.token, `/withdrawals/${w.id}/cancel`)).statusCode).toBe(404);
    expect((await post(b.token, '/withdrawals', crypto(a.accountId, 100))).statusCode).toBe(404);
    expect((await get(b.token, '/withdrawals')).json().data).toEqual([]);
    expect((await post(a.token, `/admin/withdrawals/${w.id}/approve`)).statusCode).toBe(403);
    expect((await get(a.token, '/admin/withdrawals')).statusCode).toBe(403);
    expect((await get(support, '/admin/withdrawals')).statusCode).toBe(403);
    expect((await post(support, `/admin/withdrawals/${w.id}/approve`)).statusCode).toBe(403);
    expect(await balanceOf(a.accountId)).toBe(899_00n);
  });

  it('staff filter the queue and read the client’s activity beside a request', async () => {
    const c = await t.customer(1_000);
    const w = (await post(c.token, '/withdrawals', crypto(c.accountId, 100))).json().data;
    const me = (await get(c.token, '/user')).json().data;
    const list = await get(finance1, `/admin/withdrawals?status=held&q=${encodeURIComponent(me.email)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([w.id]);
    expect(list.json().data[0]).toMatchObject({
      user: { id: c.userId, email: me.email },
      account_balance: 899,
    });
    expect(
      (await get(finance1, `/admin/withdrawals?status=completed&q=${encodeURIComponent(me.email)}`)).json()
        .data,
    ).toEqual([]);
    expect((await get(finance1, `/admin/withdrawals?method=bank&q=${w.id}`)).json().data).toEqual([]);
    const detail = await get(finance1, `/admin/withdrawals/${w.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.activity).toMatchObject({
      verification_level: { level: 0 },
      withdrawals: [],
      trades: { open_positions: 0 },
    });
    expect((await get(finance1, '/admin/withdrawals/999999')).statusCode).toBe(404);
  });

  it('withdrawals wait for the verification level that allows them', async () => {
    const c = await t.customer(1_000);
    await t.database.db.update(verificationSettings).set({ levels: null });
    try {
      const res = await post(c.token, '/withdrawals', crypto(c.accountId, 100));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('Withdrawals need a verified');
    } finally {
      await allowWithdrawalsAtLevelZero(t.database.db);
    }
    expect(await balanceOf(c.accountId)).toBe(1_000_00n);
  });
});
