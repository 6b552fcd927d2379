import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries } from '../../db/schema.ts';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { checkLedger, readAccount } from '../accounts/repo.ts';
import { allowWithdrawalsAtLevelZero, BTC_ADDRESS, withdrawalMethodsForTests } from './testSupport.ts';

// Real concurrency (DESIGN §3): on PostgreSQL these requests run in parallel transactions; on
// PGlite one at a time. Either way every status moves once and the ledger balances.

let t: TradingContext;
const staff: string[] = [];

beforeAll(async () => {
  t = await createTradingContext();
  await allowWithdrawalsAtLevelZero(t.database.db);
  await withdrawalMethodsForTests(t.database.db);
  for (let i = 0; i < 3; i++)
    staff.push((await t.signIn('staff', `wdc-${i}@example.test`, ['finance'])).token);
});
afterAll(() => t.close());

const post = (token: string, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
const withdraw = (token: string, accountId: number, amount: number) =>
  post(token, '/withdrawals', {
    method: 'crypto',
    account_id: accountId,
    amount,
    coin: 'ETH',
    network: 'ethereum',
    address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  });
const balanceOf = async (id: number) => (await readAccount(t.database.db, id))?.balanceCents;
const staffAt = (i: number) => staff[i % staff.length] ?? '';

async function entries(kind: 'withdrawal_hold' | 'withdrawal_release', id: number) {
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.refType, 'withdrawal'), eq(ledgerEntries.refId, id)),
    );
}

describe('concurrent withdrawals', () => {
  it('50 parallel requests of 80 % of the balance: exactly one is held, the others refused clearly', async () => {
    const c = await t.customer(1_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(c.token, c.accountId, 800)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(49);
    const refusals = new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message));
    expect(refusals).toEqual(new Set(['The amount is more than you can withdraw ($200.00 available).']));
    expect(answers.find((a) => a.statusCode === 201)?.json().data.status).toBe('held');
    expect(await balanceOf(c.accountId)).toBe(200_00n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 120_000);

  it('20 concurrent approvals of one withdrawal approve it once', async () => {
    const c = await t.customer(1_000);
    const w = (await withdraw(c.token, c.accountId, 100)).json().data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(staffAt(i), `/admin/withdrawals/${w.id}/approve`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    const approvals = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.approve'), eq(auditLog.objectId, String(w.id))));
    expect(approvals).toHaveLength(1);
    // Approving moves no money: the hold stays booked once until the payout.
    expect(await entries('withdrawal_hold', w.id)).toHaveLength(2);
    expect(await balanceOf(c.accountId)).toBe(900_00n);
  }, 60_000);

  it('two-level: the first approver’s concurrent tries give one approval; only another staff member completes it', async () => {
    const c = await t.customer(10_000);
    const w = (await withdraw(c.token, c.accountId, 6_000)).json().data;
    expect(w.approvals_required).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(staffAt(0), `/admin/withdrawals/${w.id}/approve`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 403)).toHaveLength(9);
    expect(answers.find((a) => a.statusCode === 200)?.json().data).toMatchObject({
      status: 'held',
      approvals_given: 1,
    });
    const seconds = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(staffAt(1 + (i % 2)), `/admin/withdrawals/${w.id}/approve`)),
    );
    expect(seconds.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(seconds.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(seconds.find((a) => a.statusCode === 200)?.json().data).toMatchObject({
      status: 'approved',
      approvals_given: 2,
    });
  }, 60_000);

  it('concurrent cancels and rejects release the hold exactly once', async () => {
    const c = await t.customer(1_000);
    const w = (await withdraw(c.token, c.accountId, 100)).json().data;
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => post(c.token, `/withdrawals/${w.id}/cancel`)),
      ...Array.from({ length: 10 }, (_, i) =>
        post(staffAt(i), `/admin/withdrawals/${w.id}/reject`, { reason_code: 'other', reason: 'Race' }),
      ),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect(await entries('withdrawal_release', w.id)).toHaveLength(2);
    expect(await balanceOf(c.accountId)).toBe(1_000_00n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 60_000);

  it('cancel against approve: one wins, and the money matches the winner', async () => {
    const c = await t.customer(5_000);
    for (let round = 0; round < 5; round++) {
      const w = (await withdraw(c.token, c.accountId, 100)).json().data;
      const before = await balanceOf(c.accountId);
      const [cancel, approve] = await Promise.all([
        post(c.token, `/withdrawals/${w.id}/cancel`),
        post(staffAt(round), `/admin/withdrawals/${w.id}/approve`),
      ]);
      expect([cancel.statusCode, approve.statusCode].sort()).toEqual([200, 409]);
      const released = (await entries('withdrawal_release', w.id)).length > 0;
      expect(released).toBe(cancel.statusCode === 200);
      expect(await balanceOf(c.accountId)).toBe((before ?? 0n) + (released ? 100_00n : 0n));
    }
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 60_000);

  it('the same Idempotency-Key sent 10 times at once holds once and answers the same', async () => {
    const c = await t.customer(1_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/withdrawals',
          headers: { authorization: `Bearer ${c.token}`, 'idempotency-key': 'parallel-key-1' },
          payload: {
            method: 'crypto',
            account_id: c.accountId,
            amount: 100,
            coin: 'BTC',
            network: 'bitcoin',
            address: BTC_ADDRESS,
          },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    // 100 and the 1 % BTC fee, once.
    expect(await balanceOf(c.accountId)).toBe(899_00n);
  }, 60_000);
});
