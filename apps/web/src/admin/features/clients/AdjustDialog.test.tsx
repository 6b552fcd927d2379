import type { Approval } from '@openbroker/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { httpError, ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { AdjustDialog } from './AdjustDialog';

const ACCOUNTS = [
  { id: 11, number: '10000001', currency: 'USD' },
  { id: 12, number: '10000002', currency: 'USD' },
];

const APPROVAL: Approval = {
  id: 7,
  kind: 'balance_adjustment',
  status: 'pending',
  object_type: 'trading_account',
  object_id: '12',
  summary: 'Credit $5,000.00 to the balance of account 10000002',
  payload: { field: 'balance', amount: 5000, reason: 'Wire received' },
  requested_by: { id: 1, name: 'Ada Admin' },
  requested_at: '2026-01-07T15:00:00.000Z',
  decided_by: null,
  decided_at: null,
  reason_code: null,
  reason: null,
};

afterEach(() => vi.restoreAllMocks());

function mount() {
  renderRoutes(
    [
      {
        path: '/',
        element: <AdjustDialog clientId={3} accounts={ACCOUNTS} open onOpenChange={() => undefined} />,
      },
    ],
    '/',
  );
}

function fill(amount: string, reason: string, account = '11') {
  fireEvent.change(screen.getByLabelText('Account'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(screen.getByRole('button', { name: 'Adjust' }));
}

describe('AdjustDialog', () => {
  it('shows "Applied" with the new balance when the server applies it at once (200)', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ data: { balance: 1250.5, credit_balance: 0 } }));
    mount();
    fill('250.50', 'Goodwill');
    expect(await screen.findByText('Applied')).toBeTruthy();
    expect(screen.getByText(/New balance \$1,250\.50/)).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/admin/accounts/11/adjustments', {
      field: 'balance',
      amount: 250.5,
      reason: 'Goodwill',
    });
  });

  it('shows "Waiting for a second approver" when the server queues it (202)', async () => {
    vi.spyOn(api, 'post').mockResolvedValue(
      ok({ data: { status: 'pending_approval', approval: APPROVAL } }, 202),
    );
    mount();
    fill('5000', 'Wire received', '12');
    expect(await screen.findByText('Waiting for a second approver')).toBeTruthy();
    expect(screen.getByText(/Credit \$5,000\.00 to the balance of account 10000002/)).toBeTruthy();
    expect(screen.queryByText('Applied')).toBeNull();
  });

  it('checks the form before sending and shows the server’s field errors', async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValue(
      httpError(422, {
        message: 'Invalid',
        code: 'VALIDATION_FAILED',
        errors: { amount: ['Amount is too large'] },
      }),
    );
    mount();
    fill('0', 'ab');
    expect(await screen.findByText('Amount must not be zero')).toBeTruthy();
    expect(screen.getByText('Give a reason of at least 3 characters')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fill('99', 'Big one');
    await waitFor(() => expect(screen.getByText('Amount is too large')).toBeTruthy());
  });
});
