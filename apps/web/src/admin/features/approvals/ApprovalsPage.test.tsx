import type { Approval, Permission } from '@openbroker/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { ApprovalsPage } from './ApprovalsPage';

const AUTOTRADER: Approval = {
  id: 9,
  kind: 'autotrader',
  status: 'pending',
  object_type: 'user',
  object_id: '12',
  summary: 'AutoTrader at medium risk',
  payload: { level: 'medium' },
  requested_by: { id: 12, name: 'Grace Hopper' },
  requested_at: '2026-02-02T09:00:00.000Z',
  decided_by: null,
  decided_at: null,
  reason_code: null,
  reason: null,
};

function signInAs(permissions: Permission[]) {
  useSessionStore.setState({
    user: sessionUser({ id: 5, role: 'staff', staff_roles: ['admin'], permissions }),
  });
}

function stubQueue(rows: Approval[]) {
  return vi.spyOn(api, 'get').mockImplementation(async (url: string): Promise<AxiosResponse> => {
    if (url !== '/admin/approvals') throw new Error(`unexpected GET ${url}`);
    return ok({
      data: rows,
      meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
      links: { next: null, prev: null },
    });
  });
}

const mount = (path = '/admin/approvals') =>
  renderRoutes(
    [
      { path: '/admin/approvals', element: <ApprovalsPage /> },
      { path: '/admin/clients/:id', element: <p>Client page</p> },
    ],
    path,
  );

beforeEach(() => signInAs(['money.read', 'advisors.manage']));
afterEach(() => {
  vi.restoreAllMocks();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

describe('AutoTrader requests in the approvals queue', () => {
  it('reads as AutoTrader with the risk level and the customer, linked to the client page', async () => {
    stubQueue([AUTOTRADER]);
    mount();
    const table = await screen.findByRole('table', { name: 'Approval requests' });
    const row = (await within(table).findByText('AutoTrader at medium risk')).closest('tr') as HTMLElement;
    expect(within(row).getByText('AutoTrader')).toBeTruthy();
    expect(within(row).getByText('· Risk level: Medium (2–4 open trades)')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(
      '/admin/clients/12',
    );
  });

  it('filters the queue to AutoTrader requests', async () => {
    const get = stubQueue([AUTOTRADER]);
    mount();
    const kind = await screen.findByLabelText('Kind');
    expect(within(kind).getByRole('option', { name: 'AutoTrader' })).toBeTruthy();
    fireEvent.change(kind, { target: { value: 'autotrader' } });
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/admin/approvals', {
        params: { status: 'pending', kind: 'autotrader', page: 1, per_page: 25 },
      }),
    );
  });

  it('lets staff who manage advisors approve it through the generic decision', async () => {
    stubQueue([AUTOTRADER]);
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { ...AUTOTRADER, status: 'approved' } }));
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/admin/approvals/9/approve'));
  });

  it('offers no decision to staff whose permission is for money only', async () => {
    signInAs(['money.read', 'money.approve']);
    stubQueue([AUTOTRADER]);
    mount();
    await screen.findByText('AutoTrader at medium risk');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
