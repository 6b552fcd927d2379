import {
  type DepositStatus,
  feeCents,
  toCents,
  type WithdrawalRejectionCode,
  type WithdrawalStatus,
} from '@openbroker/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema.ts';

/*
 * The money side of the model-based trading test (issue 14): the pure model of a customer's wire
 * deposits, bank withdrawals, transfers to a second USD account and flexible savings, built from
 * the domain's formulas only, and how the test reads the same things from the server.
 */

/** The wire method's terms as staff set them (fees in basis points and USD cents; one USD account). */
export interface MoneyTerms {
  depositFeeBps: number;
  depositFeeFixedCents: bigint;
  withdrawalFeeBps: number;
  withdrawalFeeFixedCents: bigint;
  /** The method's minimum: for deposits and withdrawals alike. */
  minCents: bigint;
  /** Withdrawals of at least this much need two staff approvals. */
  twoLevelCents: bigint;
  savingsProductId: number;
  savingsMinCents: bigint;
}

export const depositFee = (terms: MoneyTerms, cents: bigint) =>
  feeCents(cents, terms.depositFeeBps, terms.depositFeeFixedCents);
export const withdrawalFee = (terms: MoneyTerms, cents: bigint) =>
  feeCents(cents, terms.withdrawalFeeBps, terms.withdrawalFeeFixedCents);

/** The two staff members who decide withdrawals: `a` an admin, `b` in finance. */
export type StaffKey = 'a' | 'b';

export interface ModelWithdrawal {
  readonly id: number;
  readonly amountCents: bigint;
  readonly feeCents: bigint;
  readonly approvalsRequired: 1 | 2;
  readonly firstApprovedBy: StaffKey | null;
  readonly approvedBy: StaffKey | null;
  readonly status: WithdrawalStatus;
  readonly reasonCode: WithdrawalRejectionCode | null;
}

export interface ModelSaving {
  readonly id: number;
  readonly principalCents: bigint;
  readonly status: 'active' | 'redeemed';
}

export interface ModelDeposit {
  readonly id: number;
  readonly amountCents: bigint;
  readonly feeCents: bigint;
  readonly status: Extract<DepositStatus, 'completed' | 'rejected'>;
}

/** Everything of a run's customer outside the main account's trading state. */
export interface MoneyState {
  /** The second live USD account's balance; null until the run opens it. */
  readonly second: bigint | null;
  /** Oldest first. */
  readonly withdrawals: readonly ModelWithdrawal[];
  readonly savings: readonly ModelSaving[];
  readonly deposits: readonly ModelDeposit[];
  /** Staff adjustments of the main account's balance, the initial funding included. */
  readonly adjustedCents: bigint;
  /** Net transfers into the main account from the second. */
  readonly transferredCents: bigint;
}

/** A run's money before its first command: the main account funded by staff with `fundedCents`. */
export const noMoney = (fundedCents: bigint): MoneyState => ({
  second: null,
  withdrawals: [],
  savings: [],
  deposits: [],
  adjustedCents: fundedCents,
  transferredCents: 0n,
});

/** Statuses whose amount and fee are still held (left the balance, not yet paid out or released). */
const HOLDING: readonly WithdrawalStatus[] = ['requested', 'held', 'approved', 'processing'];
export const isOpen = (w: ModelWithdrawal) => HOLDING.includes(w.status);

/**
 * The largest amount whose amount + fee fits in `limit` (0 when none does). The fee never falls as
 * the amount grows, so amount + fee is increasing and a bisection finds the edge.
 */
export function largestWithin(limit: bigint, fee: (cents: bigint) => bigint): bigint {
  let lo = 0n;
  let hi = limit;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (mid + fee(mid) <= limit) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}

/** How big a money command's amount is, relative to the limit the model computes. */
export type Size = { pct: number } | 'max' | 'over';

/** `pct` percent of `limit` (at least a cent), the largest amount that fits, or one cent more. */
export function sizedAmount(size: Size, limit: bigint, fee: (cents: bigint) => bigint = () => 0n): bigint {
  const raw =
    size === 'max'
      ? largestWithin(limit, fee)
      : size === 'over'
        ? largestWithin(limit, fee) + 1n
        : (limit * BigInt(size.pct)) / 100n;
  return raw < 1n ? 1n : raw;
}

export const sizeLabel = (s: Size) => (typeof s === 'string' ? s : `${s.pct}%`);

// ---------------------------------------------------------------------------------------------
// Observing
// ---------------------------------------------------------------------------------------------

export interface HouseTotals {
  holds: bigint;
  savings: bigint;
}

/** What the house holds for withdrawals and savings in the live USD book. */
export async function houseTotals(db: Database['db']): Promise<HouseTotals> {
  const total = async (house: 'withdrawal_holds' | 'savings') => {
    const [row] = await db
      .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.houseAccount, house),
          eq(ledgerEntries.currency, 'USD'),
          eq(ledgerEntries.book, 'live'),
          isNull(ledgerEntries.tradingAccountId),
        ),
      );
    return BigInt(row?.s ?? '0');
  };
  return { holds: await total('withdrawal_holds'), savings: await total('savings') };
}

type Get = (path: string) => Promise<LightMyRequestResponse>;

/** Every page of a paged list (DESIGN §4 shape), by id. */
export async function allPages<T extends { id: number }>(get: Get, path: string): Promise<T[]> {
  const out: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let page = 1; page < 1_000; page++) {
    const res = await get(`${path}${sep}page=${page}`);
    if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${res.body}`);
    const body = res.json<{ data: T[]; links: { next: string | null } }>();
    out.push(...body.data);
    if (!body.links.next) break;
  }
  return out.sort((a, b) => a.id - b.id);
}

export interface MoneyObs {
  second: string | null;
  withdrawals: object[];
  savings: object[];
  deposits: object[];
  /** The house's withdrawal holds and savings since the run began. */
  holds: string;
  saved: string;
}

const c = (amount: number) => toCents(amount).toString();

export function expectedMoney(m: MoneyState, mainId: number): MoneyObs {
  const holding = m.withdrawals.filter(isOpen).reduce((s, w) => s + w.amountCents + w.feeCents, 0n);
  const saved = m.savings.filter((s) => s.status === 'active').reduce((s, x) => s + x.principalCents, 0n);
  return {
    second: m.second === null ? null : m.second.toString(),
    withdrawals: m.withdrawals.map((w) => ({
      id: w.id,
      account_id: mainId,
      method: 'bank',
      amount: w.amountCents.toString(),
      fee: w.feeCents.toString(),
      total: (w.amountCents + w.feeCents).toString(),
      status: w.status,
      approvals_required: w.approvalsRequired,
      approvals_given: (w.firstApprovedBy ? 1 : 0) + (w.approvedBy ? 1 : 0),
      reason_code: w.reasonCode,
      cancellable: w.status === 'held' || w.status === 'requested',
    })),
    savings: m.savings.map((s) => ({
      id: s.id,
      account_id: mainId,
      principal: s.principalCents.toString(),
      // The test clock never reaches the end of a day: nothing accrues.
      accrued_interest: '0',
      status: s.status,
    })),
    deposits: m.deposits.map((d) => ({
      id: d.id,
      account_id: mainId,
      method: 'wire',
      amount: d.amountCents.toString(),
      fee: d.feeCents.toString(),
      net_amount: (d.amountCents - d.feeCents).toString(),
      status: d.status,
    })),
    holds: holding.toString(),
    saved: saved.toString(),
  };
}

interface WithdrawalJson {
  id: number;
  account_id: number;
  method: string;
  amount: number;
  fee: number;
  total: number;
  status: string;
  approvals_required: number;
  approvals_given: number;
  reason_code: string | null;
  cancellable: boolean;
}
interface SavingJson {
  id: number;
  account_id: number;
  principal: number;
  accrued_interest: number;
  status: string;
}
interface DepositJson {
  id: number;
  account_id: number;
  method: string;
  amount: number;
  fee: number;
  net_amount: number;
  status: string;
}

/** The same things as the server reports them (customer's lists, the second account, house totals). */
export async function observeMoney(
  get: Get,
  db: Database['db'],
  secondId: number | null,
  base: HouseTotals,
): Promise<MoneyObs> {
  const [me, withdrawals, savings, deposits, house] = await Promise.all([
    get('/user'),
    allPages<WithdrawalJson>(get, '/withdrawals'),
    get('/savings'),
    allPages<DepositJson>(get, '/deposits'),
    houseTotals(db),
  ]);
  const accounts = me.json<{ data: { accounts: { id: number; balance: number }[] } }>().data.accounts;
  const second = secondId === null ? undefined : accounts.find((a) => a.id === secondId);
  return {
    second: second ? c(second.balance) : null,
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      account_id: w.account_id,
      method: w.method,
      amount: c(w.amount),
      fee: c(w.fee),
      total: c(w.total),
      status: w.status,
      approvals_required: w.approvals_required,
      approvals_given: w.approvals_given,
      reason_code: w.reason_code,
      cancellable: w.cancellable,
    })),
    savings: savings
      .json<{ data: SavingJson[] }>()
      .data.sort((a, b) => a.id - b.id)
      .map((s) => ({
        id: s.id,
        account_id: s.account_id,
        principal: c(s.principal),
        accrued_interest: c(s.accrued_interest),
        status: s.status,
      })),
    deposits: deposits.map((d) => ({
      id: d.id,
      account_id: d.account_id,
      method: d.method,
      amount: c(d.amount),
      fee: c(d.fee),
      net_amount: c(d.net_amount),
      status: d.status,
    })),
    holds: (house.holds - base.holds).toString(),
    saved: (house.savings - base.savings).toString(),
  };
}

/** A statement's summary in cents, as strings (the lines of `GET /statements`). */
export interface StatementObs {
  opening_balance: string;
  deposits: string;
  withdrawals: string;
  transfers: string;
  interest: string;
  savings: string;
  fees: string;
  adjustments: string;
  closing_balance: string;
  /** Whether the lines add up: closing − opening − every line but realised P/L. */
  realised_pnl: string;
}

const sum = <T>(xs: readonly T[], f: (x: T) => bigint) => xs.reduce((s, x) => s + f(x), 0n);

/**
 * The main account's statement over the whole run (it opened during the run, so the opening
 * balance is 0): deposits gross and their fees apart; withdrawals net of released holds (amount and
 * fee together, as the hold took them); savings principal still out; no interest; realised P/L is
 * what is left of the model's balance.
 */
export function expectedStatement(m: MoneyState, balance: bigint): StatementObs {
  const completed = m.deposits.filter((d) => d.status === 'completed');
  const deposits = sum(completed, (d) => d.amountCents);
  const fees = -sum(completed, (d) => d.feeCents);
  const withdrawals = -sum(
    m.withdrawals.filter((w) => w.status !== 'rejected' && w.status !== 'cancelled'),
    (w) => w.amountCents + w.feeCents,
  );
  const savings = -sum(
    m.savings.filter((s) => s.status === 'active'),
    (s) => s.principalCents,
  );
  const known = deposits + fees + withdrawals + m.transferredCents + savings + m.adjustedCents;
  return {
    opening_balance: '0',
    deposits: deposits.toString(),
    withdrawals: withdrawals.toString(),
    transfers: m.transferredCents.toString(),
    interest: '0',
    savings: savings.toString(),
    fees: fees.toString(),
    adjustments: m.adjustedCents.toString(),
    closing_balance: balance.toString(),
    realised_pnl: (balance - known).toString(),
  };
}

/** The statement `GET /statements` gives for an account over the days around now. */
export async function observeStatement(get: Get, accountId: number, now: Date): Promise<StatementObs> {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await get(`/statements?account_id=${accountId}&from=${day(-1)}&to=${day(1)}`);
  if (res.statusCode !== 200) throw new Error(`GET /statements: ${res.statusCode} ${res.body}`);
  const s = res.json<{ data: Record<keyof StatementObs, number> }>().data;
  return {
    opening_balance: c(s.opening_balance),
    deposits: c(s.deposits),
    withdrawals: c(s.withdrawals),
    transfers: c(s.transfers),
    interest: c(s.interest),
    savings: c(s.savings),
    fees: c(s.fees),
    adjustments: c(s.adjustments),
    closing_balance: c(s.closing_balance),
    realised_pnl: c(s.realised_pnl),
  };
}
