import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { checkLedger, readAccount } from '../accounts/repo.ts';

let t: TestContext;
let first: string;
let second: string;
let support: string;
beforeAll(async () => {
  // The default threshold of USD 1,000 stays on here.
  t = await createTestContext({}, { fourEyes: true });
  first = (await t.signIn('staff', 'finance1@example.test', ['finance'])).token;
  second = (await t.signIn('staff', 'finance2@example.test', ['finance'])).token;
  support = (await t.signIn('staff', 'support1@example.test', ['support'])).token;
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });

async function customerAccount(): Promise<number> {
  const { token } = await t.signIn('customer');
  return (await call(token, 'GET', '/user')).json().data.accounts[0].id;
}

const balanceOf = async (id: number) => (await readAccount(t.database.db, id))?.balanceCents;

describe('four eyes on balance adjustments', () => {
  it('applies an adjustment below the threshold at once', async () => {
    const id = await customerAccount();
    const res = await call(first, 'POST', `/admin/accounts/${id}/adjustments`, {
      field: 'balance',
      amount: 999.99,
      reason: 'Small correction',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ balance: 999.99, credit_balance: 0 });
  });

  it('queues one at the threshold; the requester cannot approve it, a second staff member can', async () => {
    const id = await customerAccount();
    const res = await call(first, 'POST', `/admin/accounts/${id}/adjustments`, {
      field: 'balance',
      amount: 1000,
      reason: 'Wire received',
    });
    expect(res.statusCode).toBe(202);
    const approval = res.json().data.approval;
    expect(approval).toMatchObject({ kind: 'balance_adjustment', status: 'pending', object_id: String(id) });
    expect(await balanceOf(id)).toBe(0n);

    const own = await call(first, 'POST', `/admin/approvals/${approval.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve your own request: a second staff member must.');
    expect((await call(support, 'POST', `/admin/approvals/${approval.id}/approve`)).statusCode).toBe(403);
    expect(await balanceOf(id)).toBe(0n);

    const ok = await call(second, 'POST', `/admin/approvals/${approval.id}/approve`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', decided_by: { name: 'Test staff' } });
    expect(await balanceOf(id)).toBe(100_000n);
    // The ledger row names the requester; the audit names both.
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tradingAccountId, id));
    expect(entry?.amountCents).toBe(100_000n);
    expect((await call(second, 'POST', `/admin/approvals/${approval.id}/approve`)).statusCode).toBe(409);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('moves the balance once under 20 concurrent approvals', async () => {
    const id = await customerAccount();
    const res = await call(first, 'POST', `/admin/accounts/${id}/adjustments`, {
      field: 'balance',
      amount: 5000,
      reason: 'Large deposit',
    });
    const approvalId = res.json().data.approval.id;
    const approvers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => t.signIn('staff', `approver${i}@example.test`, ['finance'])),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          approvers[i % approvers.length]?.token ?? second,
          'POST',
          `/admin/approvals/${approvalId}/approve`,
        ),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await balanceOf(id)).toBe(500_000n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('rejects with a coded reason, and the money never moves', async () => {
    const id = await customerAccount();
    const res = await call(first, 'POST', `/admin/accounts/${id}/adjustments`, {
      field: 'credit',
      amount: 2500,
      reason: 'Bonus',
    });
    const approvalId = res.json().data.approval.id;
    const bad = await call(second, 'POST', `/admin/approvals/${approvalId}/reject`, { reason: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ reason_code: ['Choose a reason'] });
    const rejected = await call(second, 'POST', `/admin/approvals/${approvalId}/reject`, {
      reason_code: 'policy_violation',
      reason: 'Bonus not in the campaign',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason_code: 'policy_violation' });
    expect((await readAccount(t.database.db, id))?.creditCents).toBe(0n);
    expect((await call(second, 'POST', `/admin/approvals/${approvalId}/approve`)).statusCode).toBe(409);
  });

  it('lets the requester withdraw a pending request, and nobody else', async () => {
    const id = await customerAccount();
    const res = await call(first, 'POST', `/admin/accounts/${id}/adjustments`, {
      field: 'balance',
      amount: -1500,
      reason: 'Chargeback',
    });
    const approvalId = res.json().data.approval.id;
    expect((await call(second, 'POST', `/admin/approvals/${approvalId}/cancel`)).statusCode).toBe(403);
    const withdrawn = await call(first, 'POST', `/admin/approvals/${approvalId}/cancel`);
    expect(withdrawn.json(), withdrawn.body).toMatchObject({ data: { status: 'cancelled' } });
    const list = await call(second, 'GET', '/admin/approvals?status=pending');
    expect(list.json().data.map((a: { id: number }) => a.id)).not.toContain(approvalId);
  });

  it('keeps the approval pending when the approved debit no longer fits the balance', async () => {
    const id = await customerAccount();
    const res = await call(first, 'POST', `/admin/accounts/${id}/adjustments`, {
      field: 'balance',
      amount: -2000,
      reason: 'Fee',
    });
    const approvalId = res.json().data.approval.id;
    const refused = await call(second, 'POST', `/admin/approvals/${approvalId}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This would take the balance below zero.');
    const list = await call(second, 'GET', `/admin/approvals?object_type=trading_account&object_id=${id}`);
    expect(list.json().data[0].status).toBe('pending');
  });
});
