import type { Approval, Permission } from '@openbroker/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { httpError, ok } from '@/test/http';
import { renderRoutes, toastTexts } from '@/test/render';
import { ApprovalActions } from './ApprovalActions';

const ME = 5;

function approval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: 9,
    kind: 'balance_adjustment',
    status: 'pending',
    object_type: 'trading_account',
    object_id: '12',
    summary: 'Credit $5,000.00 to the balance of account 10000002',
    payload: {},
    requested_by: { id: 77, name: 'Other Staff' },
    requested_at: '2026-01-07T15:00:00.000Z',
    decided_by: null,
    decided_at: null,
    reason_code: null,
    reason: null,
    ...overrides,
  };
}

function signInAs(permissions: Permission[]) {
  useSessionStore.setState({
    user: sessionUser({ id: ME, role: 'staff', staff_roles: ['finance'], permissions }),
  });
}

const mount = (a: Approval) => renderRoutes([{ path: '/', element: <ApprovalActions approval={a} /> }], '/');
const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(() => signInAs(['money.read', 'money.approve']));
afterEach(() => {
  vi.restoreAllMocks();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

describe('ApprovalActions', () => {
  it('offers Approve and Reject to an approver who did not ask for it, and no Withdraw', () => {
    mount(approval());
    expect(button('Approve')?.hasAttribute('disabled')).toBe(false);
    expect(button('Reject')?.hasAttribute('disabled')).toBe(false);
    expect(button('Withdraw')).toBeNull();
  });

  it('disables Approve and Reject on one’s own request, says why, and offers Withdraw', () => {
    mount(approval({ requested_by: { id: ME, name: 'Me' } }));
    const approve = button('Approve');
    expect(approve?.hasAttribute('disabled')).toBe(true);
    expect(button('Reject')?.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('You requested this')).toBeTruthy();
    const describedBy = approve?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('You requested this');
    expect(button('Withdraw')).toBeTruthy();
  });

  it('hides Approve and Reject without money.approve', () => {
    signInAs(['money.read']);
    mount(approval());
    expect(button('Approve')).toBeNull();
    expect(button('Reject')).toBeNull();
  });

  it('shows nothing for a decided request', () => {
    mount(approval({ status: 'approved' }));
    expect(button('Approve')).toBeNull();
    expect(button('Withdraw')).toBeNull();
  });

  it('shows the server’s refusal as a toast in its own words', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      httpError(409, { message: 'This request was already decided.', code: 'CONFLICT' }),
    );
    vi.spyOn(api, 'get').mockResolvedValue(ok({}));
    mount(approval());
    fireEvent.click(button('Approve') as HTMLElement);
    await waitFor(() => expect(toastTexts().join(' ')).toContain('This request was already decided.'));
  });

  it('rejects with a coded reason through the dialog', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: approval({ status: 'rejected' }) }));
    vi.spyOn(api, 'get').mockResolvedValue(ok({}));
    mount(approval());
    fireEvent.click(button('Reject') as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Choose a reason')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'duplicate_request' } });
    fireEvent.change(screen.getByLabelText('Explanation'), { target: { value: 'Sent twice' } });
    const dialog = await screen.findByRole('dialog');
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/admin/approvals/9/reject', {
        reason_code: 'duplicate_request',
        reason: 'Sent twice',
      }),
    );
  });
});
