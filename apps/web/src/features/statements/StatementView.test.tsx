import type { Statement } from '@openbroker/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatementView } from './StatementView';

const statement: Statement = {
  account: { id: 2, number: '10000002', title: 'Euro', currency: 'EUR', type: 'live' },
  from: '2026-03-01',
  to: '2026-03-31',
  opening_balance: 1_000,
  deposits: 500,
  withdrawals: -200,
  transfers: 100,
  realised_pnl: -35.5,
  interest: 2.25,
  savings: -300,
  fees: -4.5,
  purchases: 0,
  adjustments: 0,
  closing_balance: 1_062.25,
  entries: [
    {
      id: 1,
      at: '2026-03-02T10:00:00.000Z',
      kind: 'deposit',
      description: 'Deposit, deposit #4',
      amount: 500,
      balance: 1_500,
    },
    {
      id: 2,
      at: '2026-03-02T10:00:00.000Z',
      kind: 'deposit_fee',
      description: 'Deposit fee, deposit #4',
      amount: -4.5,
      balance: 1_495.5,
    },
  ],
};

const total = (key: string) => document.querySelector(`[data-total="${key}"]`)?.textContent;

describe('statement view', () => {
  it('shows opening, each kind of movement, and closing in the account currency', () => {
    render(<StatementView statement={statement} />);
    expect(total('opening_balance')).toBe('€1,000.00');
    expect(total('deposits')).toBe('+€500.00');
    expect(total('withdrawals')).toBe('-€200.00');
    expect(total('transfers')).toBe('+€100.00');
    expect(total('realised_pnl')).toBe('-€35.50');
    expect(total('interest')).toBe('+€2.25');
    expect(total('savings')).toBe('-€300.00');
    expect(total('fees')).toBe('-€4.50');
    expect(total('adjustments')).toBe('€0.00');
    expect(total('closing_balance')).toBe('€1,062.25');
    expect(screen.getByText('Realised P/L')).toBeTruthy();
    expect(screen.getByText('Closing balance')).toBeTruthy();
  });

  it('lists every entry with the running balance', () => {
    render(<StatementView statement={statement} />);
    const rows = screen.getAllByTestId('statement-entry');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toContain('Deposit fee, deposit #4');
    expect(rows[1]?.textContent).toContain('-€4.50');
    expect(rows[1]?.textContent).toContain('€1,495.50');
  });

  it('marks a demo account’s statement as virtual funds', () => {
    render(<StatementView statement={{ ...statement, account: { ...statement.account, type: 'demo' } }} />);
    expect(screen.getByTestId('account-type').textContent).toBe('Demo — virtual funds');
  });
});
