import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '../money/ledger.ts';
import {
  buildStatement,
  describeEntry,
  STATEMENT_GROUP_OF,
  STATEMENT_GROUPS,
  type StatementLedgerEntry,
  statementGroupOf,
  statementPeriod,
} from './statement.ts';

let nextId = 1;
function entry(
  kind: string,
  cents: bigint,
  at = '2026-01-10T10:00:00Z',
  extra: Partial<StatementLedgerEntry> = {},
) {
  return {
    id: nextId++,
    at: new Date(at),
    kind,
    amountCents: cents,
    tradeId: null,
    refType: null,
    refId: null,
    ...extra,
  };
}

describe('buildStatement', () => {
  it('adds up: opening + every group = closing, with a running balance', () => {
    const s = buildStatement(10_000n, [
      entry('deposit', 50_000n, '2026-01-02T00:00:00Z'),
      entry('deposit_fee', -500n, '2026-01-02T00:00:00Z'),
      entry('withdrawal_hold', -20_000n, '2026-01-03T00:00:00Z'),
      entry('withdrawal_release', 20_000n, '2026-01-04T00:00:00Z'),
      entry('withdrawal_hold', -5_000n, '2026-01-05T00:00:00Z'),
      entry('realised_pnl', -3_000n, '2026-01-06T00:00:00Z', { tradeId: 9 }),
      entry('negative_balance_protection', 100n, '2026-01-06T00:00:01Z'),
      entry('savings_subscribe', -10_000n, '2026-01-07T00:00:00Z'),
      entry('savings_redeem', 10_000n, '2026-01-08T00:00:00Z'),
      entry('savings_interest', 42n, '2026-01-08T00:00:00Z'),
      entry('transfer', -1_000n, '2026-01-09T00:00:00Z'),
      entry('staff_adjustment', 7n, '2026-01-09T00:00:00Z'),
      entry('advisor_purchase', -2_500n, '2026-01-09T00:00:00Z'),
      entry('something_new', 1n, '2026-01-09T00:00:00Z'),
    ]);
    expect(s.groups).toEqual({
      deposits: 50_000n,
      withdrawals: -5_000n,
      transfers: -1_000n,
      realised_pnl: -2_900n,
      interest: 42n,
      savings: 0n,
      fees: -500n,
      purchases: -2_500n,
      adjustments: 8n,
    });
    const sum = Object.values(s.groups).reduce((a, b) => a + b, 0n);
    expect(s.closingCents).toBe(10_000n + sum);
    expect(s.lines.at(-1)?.balanceCents).toBe(s.closingCents);
    expect(s.lines[0]?.balanceCents).toBe(60_000n);
  });

  it('orders entries by time then id whatever order they come in', () => {
    const a = entry('deposit', 1n, '2026-01-05T00:00:00Z');
    const b = entry('deposit', 2n, '2026-01-04T00:00:00Z');
    expect(buildStatement(0n, [a, b]).lines.map((l) => l.amountCents)).toEqual([2n, 1n]);
  });

  it('maps every ledger kind to a group', () => {
    for (const k of LEDGER_KINDS) expect(STATEMENT_GROUPS).toContain(STATEMENT_GROUP_OF[k]);
    expect(statementGroupOf('unknown_kind')).toBe('adjustments');
  });
});

describe('describeEntry', () => {
  it('names the trade or the object, never the ledger reason', () => {
    expect(describeEntry({ kind: 'realised_pnl', tradeId: 12, refType: null, refId: null })).toBe(
      'Realised P/L, trade #12',
    );
    expect(
      describeEntry({ kind: 'savings_subscribe', tradeId: null, refType: 'savings_position', refId: 3 }),
    ).toBe('Savings deposit #3');
    expect(
      describeEntry({ kind: 'savings_interest', tradeId: null, refType: 'savings_position', refId: 3 }),
    ).toBe('Savings interest, deposit #3');
    expect(describeEntry({ kind: 'deposit_fee', tradeId: null, refType: 'deposit', refId: 5 })).toBe(
      'Deposit fee, deposit #5',
    );
    expect(describeEntry({ kind: 'deposit', tradeId: null, refType: 'deposit', refId: 5 })).toBe(
      'Deposit #5',
    );
    expect(describeEntry({ kind: 'staff_adjustment', tradeId: null, refType: null, refId: null })).toBe(
      'Balance adjustment',
    );
  });
});

describe('statementPeriod', () => {
  it('covers whole UTC days, both ends included', () => {
    const p = statementPeriod('2026-01-01', '2026-01-31');
    expect(p).toEqual({
      ok: true,
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-02-01T00:00:00Z'),
    });
    expect(statementPeriod('2026-01-01', '2026-01-01').ok).toBe(true);
  });

  it('refuses an end before the start and a period over 366 days', () => {
    expect(statementPeriod('2026-01-02', '2026-01-01')).toMatchObject({ ok: false, field: 'to' });
    expect(statementPeriod('2025-01-01', '2026-01-01').ok).toBe(true);
    expect(statementPeriod('2024-12-31', '2026-01-01')).toMatchObject({ ok: false, field: 'to' });
  });
});
