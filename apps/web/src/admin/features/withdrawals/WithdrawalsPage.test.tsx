import type { Permission } from '@openbroker/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminWithdrawal,
  type AdminWithdrawalDetail,
  advanceWithdrawal,
  getWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
} from '@/api/adminMoney';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { httpError } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { WithdrawalsPage } from './WithdrawalsPage';

vi.mock('@/api/adminMoney', async (original) => ({
  ...(await original<typeof import('@/api/adminMoney')>()),
  listWithdrawals: vi.fn(),
  getWithdrawal: vi.fn(),
  advanceWithdrawal: vi.fn(),
  rejectWithdrawal: vi.fn(),
}));

const ME = 5;

function withdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: 41,
    method: 'bank',
    account_id: 12,
    account_number: '10000002',
    currency: 'USD',
    amount: 7500,
    fee: 15,
    total: 7515,
    status: 'held',
    destination: 'DE89 3704 0044 0532 0130 00',
    approvals_required: 2,
    approvals_given: 0,
    reason_code: null,
    reason: null,
    cancellable: true,
    created_at: '2026-01-07T15:00:00.000Z',
    updated_at: '2026-01-07T15:00:00.000Z',
    completed_at: null,
    user: { id: 4, name: 'Grace Hopper', email: 'grace@example.test' },
    first_approved_by: null,
    account_balance: 20000,
    ...overrides,
  };
}

const detail = (w: AdminWithdrawal): AdminWithdrawalDetail => ({
  withdrawal: w,
  activity: {
    verification_level: { level: 2, name: 'Verified' },
    deposits: [
      {
        id: 3,
        method: 'wire',
        account_number: '10000002',
        amount: 25000,
        currency: 'USD',
        status: 'completed',
        created_at: w.created_at,
      },
    ],
    withdrawals: [],
    trades: {
      open_positions: 3,
      closed_last_30_days: 18,
      realised_pnl_last_30_days: -120.5,
      realised_pnl_total: 840,
    },
    deposited_total: 25000,
    withdrawn_total: 0,
  },
});

const page = (rows: AdminWithdrawal[]) => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
  links: { next: null, prev: null },
});

function signInAs(permissions: Permission[]) {
  useSessionStore.setState({
    user: sessionUser({ id: ME, role: 'staff', staff_roles: ['finance'], permissions }),
  });
}

function show(w: AdminWithdrawal) {
  vi.mocked(listWithdrawals).mockResolvedValue(page([w]));
  vi.mocked(getWithdrawal).mockResolvedValue(detail(w));
}

async function openSheet(w = withdrawal()) {
  show(w);
  renderRoutes([{ path: '/admin/withdrawals', element: <WithdrawalsPage /> }], '/admin/withdrawals');
  fireEvent.click(await screen.findByRole('button', { name: `View withdrawal ${w.id}` }));
  return screen.findByRole('dialog', { name: `Withdrawal ${w.id}` });
}

beforeEach(() => signInAs(['money.read', 'money.approve']));
afterEach(() => {
  vi.clearAllMocks();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

describe('WithdrawalsPage', () => {
  it('opens on what awaits approval, with every column, and filters by status and method', async () => {
    show(withdrawal({ approvals_given: 1, first_approved_by: { id: 77, name: 'Other Staff' } }));
    renderRoutes([{ path: '/admin/withdrawals', element: <WithdrawalsPage /> }], '/admin/withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(listWithdrawals).toHaveBeenLastCalledWith({
      status: 'held',
      method: undefined,
      q: undefined,
      page: 1,
    });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('held');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 9)).toEqual([
      'Time',
      'Client',
      'Account',
      'Method',
      'Amount',
      'Fee',
      'Destination',
      'Approvals',
      'Status',
    ]);
    expect(await within(table).findByText('1 of 2')).toBeTruthy();
    expect(within(table).getByText('Awaiting approval')).toBeTruthy();
    expect(within(table).getByText('$7,500.00')).toBeTruthy();
    expect(within(table).getByText('Bank transfer')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'crypto' } });
    await waitFor(() =>
      expect(listWithdrawals).toHaveBeenLastCalledWith({
        status: undefined,
        method: 'crypto',
        q: undefined,
        page: 1,
      }),
    );
  });

  it('shows the client’s recent activity beside the request', async () => {
    const sheet = await openSheet();
    const activity = within(sheet).getByRole('region', { name: 'Client activity' });
    expect(await within(activity).findByText('Level 2 · Verified')).toBeTruthy();
    expect(within(activity).getByText('$20,000.00')).toBeTruthy();
    expect(within(activity).getByText('18')).toBeTruthy();
    expect(within(activity).getByText('-$120.50')).toBeTruthy();
    expect(within(activity).getByText('$840.00')).toBeTruthy();
    expect(within(activity).getAllByText('$25,000.00')).toHaveLength(2);
    expect(within(activity).getByText('None lately.')).toBeTruthy();
  });

  it('approves after a confirmation and says how many approvals a two-level request has', async () => {
    vi.mocked(advanceWithdrawal).mockResolvedValue(withdrawal({ approvals_given: 1 }));
    const sheet = await openSheet();
    expect(within(sheet).getByTestId('approvals-progress').textContent).toBe('0 of 2 approvals');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve?' });
    expect(confirm.textContent).toContain('first of two approvals');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(advanceWithdrawal).toHaveBeenCalledWith(41, 'approve', expect.any(String)));
  });

  it('shows the server’s 403 when the second approval is refused', async () => {
    const refusal = 'The second approval must come from another staff member.';
    vi.mocked(advanceWithdrawal).mockRejectedValue(httpError(403, { message: refusal, code: 'FORBIDDEN' }));
    const sheet = await openSheet(
      withdrawal({ approvals_given: 1, first_approved_by: { id: 77, name: 'Other Staff' } }),
    );
    expect(within(sheet).getByTestId('approvals-progress').textContent).toContain('1 of 2 approvals');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Give second approval' }));
    const confirm = await screen.findByRole('dialog', { name: 'Give second approval?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Give second approval' }));
    expect(await within(sheet).findByText(refusal)).toBeTruthy();
  });

  it('does not offer the second approval to the one who gave the first, and says why', async () => {
    const sheet = await openSheet(
      withdrawal({ approvals_given: 1, first_approved_by: { id: ME, name: 'Me' } }),
    );
    const approve = within(sheet).getByRole('button', { name: 'Give second approval' });
    expect(approve.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(approve.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'You gave the first approval',
    );
  });

  it('rejects with a coded reason', async () => {
    vi.mocked(rejectWithdrawal).mockResolvedValue(withdrawal({ status: 'rejected' }));
    const sheet = await openSheet();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'name_mismatch' } });
    fireEvent.change(within(dialog).getByLabelText('Explanation'), {
      target: { value: 'IBAN holder differs' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(rejectWithdrawal).toHaveBeenCalledWith(
        41,
        { reason_code: 'name_mismatch', reason: 'IBAN holder differs' },
        expect.any(String),
      ),
    );
  });

  it.each([
    ['approved', 'bank', 'Mark processing', 'process'],
    ['approved', 'crypto', 'Send payout', 'process'],
    ['processing', 'bank', 'Mark completed', 'complete'],
  ] as const)('a %s %s withdrawal offers %s', async (status, method, label, step) => {
    vi.mocked(advanceWithdrawal).mockResolvedValue(withdrawal({ status: 'completed' }));
    const sheet = await openSheet(withdrawal({ status, method, approvals_given: 2 }));
    expect(within(sheet).queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: label }));
    const confirm = await screen.findByRole('dialog', { name: `${label}?` });
    fireEvent.click(within(confirm).getByRole('button', { name: label }));
    await waitFor(() => expect(advanceWithdrawal).toHaveBeenCalledWith(41, step, expect.any(String)));
  });

  it('offers no step without money.approve, and none on a finished withdrawal', async () => {
    signInAs(['money.read']);
    const sheet = await openSheet();
    expect(within(sheet).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(sheet).queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
