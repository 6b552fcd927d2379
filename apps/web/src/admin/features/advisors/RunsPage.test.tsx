import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { ok } from '@/test/http';
import { renderRoutes, toastTexts } from '@/test/render';
import { RunsPage } from './RunsPage';
import { page, run, signInStaff } from './testFixtures';

const AUTOTRADER = run({
  id: 32,
  kind: 'autotrader',
  expert_advisor_id: null,
  name: 'AutoTrader',
  level: 'medium',
  user_id: 14,
  user_name: 'Alan Turing',
  email: 'alan@example.com',
  account_number: '10000041',
  open_positions: 3,
  pnl_today: 40,
});

const DECISIONS = [
  {
    id: 1,
    at: '2026-02-02T09:00:00.000Z',
    kind: 'started',
    code: null,
    message: 'Started on account 10000040',
    trade_id: null,
  },
  {
    id: 2,
    at: '2026-02-02T09:05:00.000Z',
    kind: 'skipped',
    code: 'insufficient_margin',
    message: 'Buy 0.10 lots not placed: not enough free margin',
    trade_id: null,
  },
];

function stubRuns() {
  return vi.spyOn(api, 'get').mockImplementation(async (url: string): Promise<AxiosResponse> => {
    if (url === '/admin/advisor_runs') return ok(page([run(), AUTOTRADER]));
    if (url === '/admin/advisor_runs/31/decisions') return ok({ data: DECISIONS });
    throw new Error(`unexpected GET ${url}`);
  });
}

const mount = (path = '/admin/advisor-runs') =>
  renderRoutes(
    [
      { path: '/admin/advisor-runs', element: <RunsPage /> },
      { path: '/admin/clients/:id', element: <p>Client page</p> },
    ],
    path,
  );

beforeEach(() => signInStaff(['clients.read', 'advisors.manage']));
afterEach(() => {
  vi.restoreAllMocks();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

describe('Running advisors', () => {
  it('lists running runs across clients, the customer linking to their client page', async () => {
    const get = stubRuns();
    mount();
    const table = await screen.findByRole('table', { name: 'Advisor runs' });
    const link = await within(table).findByRole('link', { name: 'Grace Hopper' });
    expect(link.getAttribute('href')).toBe('/admin/clients/12');
    const at = (await within(table).findByRole('link', { name: 'Alan Turing' })).closest('tr') as HTMLElement;
    expect(within(at).getByText('AutoTrader (Medium)')).toBeTruthy();
    expect(within(at).getByText('10000041')).toBeTruthy();
    expect(within(at).getByText('+$40.00')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/admin/advisor_runs', { params: { page: 1, status: 'running' } });
  });

  it('names the customer by e-mail when they gave no name', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok(page([run({ user_name: '', email: 'grace@example.com' })])));
    mount();
    const link = await screen.findByRole('link', { name: 'grace@example.com' });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('10000040')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Stop Golden Cross EURUSD of grace@example.com' }),
    ).toBeTruthy();
  });

  it('asks for all runs without a status filter', async () => {
    const get = stubRuns();
    mount('/admin/advisor-runs?status=all');
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(get).toHaveBeenCalledWith('/admin/advisor_runs', { params: { page: 1 } });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('all');
  });

  it('stops a run only with a reason, and posts the reason', async () => {
    stubRuns();
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ data: run({ status: 'stopped' }), message: 'Expert Advisor stopped' }));
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop Golden Cross EURUSD of Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop Golden Cross EURUSD' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop run' }));
    const reason = within(dialog).getByLabelText('Reason');
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Give a reason of at least 3 characters',
    );
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  Customer asked by phone  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop run' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/admin/advisor_runs/31/stop', { reason: 'Customer asked by phone' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(toastTexts().join(' ')).toContain('Expert Advisor stopped'));
  });

  it('offers no Stop without advisors.manage', async () => {
    signInStaff(['clients.read']);
    stubRuns();
    mount();
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(screen.queryByRole('button', { name: /^Stop/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log of Golden Cross EURUSD of Grace Hopper' })).toBeTruthy();
  });

  it('opens a run’s decision log, newest first, with why a signal was skipped', async () => {
    stubRuns();
    mount();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Log of Golden Cross EURUSD of Grace Hopper' }),
    );
    const sheet = await screen.findByRole('dialog', { name: 'Decision log · Golden Cross EURUSD' });
    const items = await within(sheet).findAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Skipped');
    expect(items[0]?.textContent).toContain('Not enough margin');
    expect(items[0]?.textContent).toContain('Buy 0.10 lots not placed: not enough free margin');
    expect(items[1]?.textContent).toContain('Started on account 10000040');
  });
});
