import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as payments from '@/api/payments';
import { renderRoutes } from '@/test/render';
import { DepositLayout } from './DepositLayout';
import { page, signInWith, testDeposit } from './testing';

vi.mock('@/api/payments');

const routes = [
  {
    path: '/main/deposit',
    element: <DepositLayout />,
    children: [{ path: '*', element: <p>method page</p> }],
  },
];

describe('deposit layout', () => {
  beforeEach(() => vi.resetAllMocks());

  it('refuses a demo account and offers to switch', () => {
    signInWith('demo');
    renderRoutes(routes, '/main/deposit/card');
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit' })).toBeTruthy();
    expect(screen.getByText('This is a demo account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Switch to a live account' }).getAttribute('href')).toBe(
      '/main/accounts',
    );
    expect(screen.queryByText('method page')).toBeNull();
    expect(payments.getDeposits).not.toHaveBeenCalled();
  });

  it('shows the method tabs and the history with status, reason and fee', async () => {
    signInWith('live');
    vi.mocked(payments.getDeposits).mockResolvedValue(
      page([
        testDeposit({ id: 1, method: 'card', card_last4: '4242', status: 'completed' }),
        testDeposit({
          id: 2,
          method: 'wire',
          reference: 'OB-7K2Q9',
          status: 'rejected',
          reason_code: 'third_party_payment',
          reason: 'Sent from a company account',
        }),
      ]),
    );
    renderRoutes(routes, '/main/deposit/wire');
    expect(screen.getByRole('link', { name: 'Bank wire' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Crypto' }).getAttribute('href')).toBe('/main/deposit/btc');
    const rows = await screen.findAllByTestId('deposit-row');
    expect(rows[0]?.textContent).toContain('Card •••• 4242');
    expect(rows[0]?.textContent).toContain('Completed');
    expect(rows[1]?.textContent).toContain(
      'Paid from an account not in your name: Sent from a company account',
    );
  });
});
