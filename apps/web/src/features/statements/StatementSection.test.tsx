import type { TradingAccount } from '@openbroker/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { StatementSection } from './StatementSection';

const accounts: TradingAccount[] = [
  { id: 1, number: '10000001', title: 'Main', type: 'live', currency: 'USD', balance: 0, credit_balance: 0 },
  { id: 2, number: '10000002', title: 'Euro', type: 'live', currency: 'EUR', balance: 0, credit_balance: 0 },
];

describe('statements section', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-17T12:00:00Z'));
    window.__OPENBROKER__ = { apiBaseUrl: 'https://broker.example/api/v1' };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    window.__OPENBROKER__ = undefined;
  });

  it('defaults to this month, links the downloads, and shows the statement on View', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(
      ok({
        data: {
          account: { id: 2, number: '10000002', title: 'Euro', currency: 'EUR', type: 'live' },
          from: '2026-03-01',
          to: '2026-03-17',
          opening_balance: 10,
          deposits: 5,
          withdrawals: 0,
          transfers: 0,
          realised_pnl: 0,
          interest: 0,
          savings: 0,
          fees: 0,
          purchases: 0,
          adjustments: 0,
          closing_balance: 15,
          entries: [],
        },
      }),
    );
    renderRoutes(
      [{ path: '*', element: <StatementSection accounts={accounts} defaultAccountId={2} /> }],
      '/',
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-17');
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe(
      'https://broker.example/api/v1/statements?account_id=2&from=2026-03-01&to=2026-03-17&format=csv',
    );
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toContain('format=pdf');
    expect(screen.getByRole('link', { name: 'Export trades (CSV)' }).getAttribute('href')).toBe(
      'https://broker.example/api/v1/trades/export.csv?account_id=2&from=2026-03-01&to=2026-03-17',
    );

    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByTestId('statement')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/statements', {
      params: { account_id: 2, from: '2026-03-01', to: '2026-03-17', format: 'json' },
    });
    expect(document.querySelector('[data-total="closing_balance"]')?.textContent).toBe('€15.00');
  });

  it('refuses an end before the start', () => {
    renderRoutes([{ path: '*', element: <StatementSection accounts={accounts} /> }], '/');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    expect(screen.getByText('The end date must not be before the start date.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'View' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });
});
