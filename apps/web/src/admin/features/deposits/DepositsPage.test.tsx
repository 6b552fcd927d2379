import type { Permission } from '@openbroker/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminDeposit, confirmDeposit, getDeposit, listDeposits, rejectDeposit } from '@/api/adminMoney';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { httpError } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { DepositsPage } from './DepositsPage';

vi.mock('@/api/adminMoney', async (original) => ({
  ...(await original<typeof import('@/api/adminMoney')>()),
  listDeposits: vi.fn(),
  getDeposit: vi.fn(),
  confirmDeposit: vi.fn(),
  rejectDeposit: vi.fn(),
}));

function deposit(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    id: 31,
    method: 'wire',
    account_id: 12,
    account_number: '10000002',
    currency: 'USD',
    amount: 1000,
    fee: 0,
    net_amount: 1000,
    status: 'pending',
    sandbox: false,
    redirect_url: null,
    card_last4: null,
    coin: null,
    network: null,
    address: null,
    wallet_id: null,
    txid: null,
    crypto_amount: null,
    confirmations: null,
    required_confirmations: null,
    reference: 'OB-7F3K2Q',
    proof_name: 'transfer.pdf',
    reason_code: null,
    reason: null,
    created_at: '2026-01-07T15:00:00.000Z',
    updated_at: '2026-01-07T15:00:00.000Z',
    completed_at: null,
    user: { id: 4, name: 'Grace Hopper', email: 'grace@example.test' },
    ...overrides,
  };
}

const CRYPTO = deposit({
  id: 32,
  method: 'crypto',
  status: 'confirming',
  coin: 'BTC',
  network: 'bitcoin',
  confirmations: 1,
  required_confirmations: 2,
  reference: null,
  proof_name: null,
  sandbox: true,
});

const page = (rows: AdminDeposit[]) => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
  links: { next: null, prev: null },
});

function signInAs(permissions: Permission[]) {
  useSessionStore.setState({
    user: sessionUser({ id: 5, role: 'staff', staff_roles: ['finance'], permissions }),
  });
}

const mount = (path = '/admin/deposits') =>
  renderRoutes([{ path: '/admin/deposits', element: <DepositsPage /> }], path);

async function openWire() {
  mount();
  fireEvent.click(await screen.findByRole('button', { name: 'View deposit 31' }));
  return screen.findByRole('dialog', { name: 'Deposit 31' });
}

beforeEach(() => {
  signInAs(['money.read', 'money.approve']);
  vi.mocked(listDeposits).mockResolvedValue(page([deposit(), CRYPTO]));
  vi.mocked(getDeposit).mockImplementation(async (id) => (id === CRYPTO.id ? CRYPTO : deposit()));
});
afterEach(() => {
  vi.clearAllMocks();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

describe('DepositsPage', () => {
  it('lists deposits with client, account, method, amount, fee, status and reference', async () => {
    mount();
    const table = await screen.findByRole('table', { name: 'Deposits' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 8)).toEqual([
      'Time',
      'Client',
      'Account',
      'Method',
      'Amount',
      'Fee',
      'Status',
      'Reference',
    ]);
    expect(await within(table).findByText('Confirming 1/2')).toBeTruthy();
    expect(within(table).getAllByText('Grace Hopper')).toHaveLength(2);
    expect(within(table).getByText('BTC · bitcoin')).toBeTruthy();
    expect(within(table).getByText('Sandbox')).toBeTruthy();
    expect(within(table).getByText('OB-7F3K2Q')).toBeTruthy();
    expect(within(table).getAllByText('$1,000.00').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('10000002 · USD')).toHaveLength(2);
  });

  it('sends the status, method and search filters', async () => {
    mount('/admin/deposits?status=pending&method=wire&q=grace');
    await screen.findByRole('table', { name: 'Deposits' });
    expect(listDeposits).toHaveBeenLastCalledWith({ status: 'pending', method: 'wire', q: 'grace', page: 1 });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    await waitFor(() =>
      expect(listDeposits).toHaveBeenLastCalledWith({
        status: 'rejected',
        method: 'wire',
        q: 'grace',
        page: 1,
      }),
    );
  });

  it('confirms a pending wire with the amount staff edited, after a confirmation', async () => {
    vi.mocked(confirmDeposit).mockResolvedValue(deposit({ status: 'completed', amount: 990 }));
    const sheet = await openWire();
    expect(
      within(sheet)
        .getByRole('link', { name: /Download proof/ })
        .getAttribute('href'),
    ).toMatch(/\/admin\/deposits\/31\/proof$/);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm received' }));
    const amount = (await screen.findByLabelText('Amount received (USD)')) as HTMLInputElement;
    expect(amount.value).toBe('1000');
    fireEvent.change(amount, { target: { value: '990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm $990.00 received' }));
    await waitFor(() => expect(confirmDeposit).toHaveBeenCalledTimes(1));
    expect(confirmDeposit).toHaveBeenCalledWith(
      31,
      { amount: 990 },
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
  });

  it('rejects with a coded reason, and shows the server’s refusal in its words', async () => {
    vi.mocked(rejectDeposit).mockRejectedValue(
      httpError(409, { message: 'This deposit was already decided.', code: 'CONFLICT' }),
    );
    const sheet = await openWire();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject deposit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeTruthy();
    expect(rejectDeposit).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'funds_not_received' } });
    fireEvent.change(within(dialog).getByLabelText('Explanation'), {
      target: { value: 'Nothing on the statement' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(rejectDeposit).toHaveBeenCalledWith(
        31,
        { reason_code: 'funds_not_received', reason: 'Nothing on the statement' },
        expect.any(String),
      ),
    );
    expect(await screen.findByText('This deposit was already decided.')).toBeTruthy();
  });

  it('offers no decision without money.approve, nor on a deposit that is not a pending wire', async () => {
    signInAs(['money.read']);
    const sheet = await openWire();
    expect(within(sheet).queryByRole('button', { name: 'Confirm received' })).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close details' }));
    signInAs(['money.read', 'money.approve']);
    fireEvent.click(await screen.findByRole('button', { name: 'View deposit 32' }));
    const crypto = await screen.findByRole('dialog', { name: 'Deposit 32' });
    expect(within(crypto).getByText('Confirming 1/2')).toBeTruthy();
    expect(within(crypto).queryByRole('button', { name: 'Confirm received' })).toBeNull();
  });
});
