import type { AdvisorRunDto, RunDecisionDto } from '@openbroker/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advisorRunKeys, RUNS_POLL_MS } from '@/features/autotrader/advisorRuns';
import { ApiFailure, fakeApi, renderAt } from '@/features/marketplace/testing';
import { tradingKeys } from '@/features/trading/queries';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { deferred } from '@/test/http';
import { AlgoTrader } from './AlgoTrader';

const SHARED = (advisors: unknown[]) => ({
  data: { currencies: [], plans: [], plan_features: [], expert_advisors: advisors },
});
const SCALPER = { id: 3, name: 'Scalper Pro', description: 'Fast in, fast out', type: 'expert_advisor' };
const TREND = { id: 4, name: 'Trend Rider', description: null, type: 'expert_advisor' };
const BREAKOUT = { id: 5, name: 'Breakout', description: 'Donchian breakout', type: 'expert_advisor' };

function run(overrides: Partial<AdvisorRunDto> & Pick<AdvisorRunDto, 'id'>): AdvisorRunDto {
  return {
    kind: 'ea',
    expert_advisor_id: 3,
    name: 'Scalper Pro',
    user_id: 1,
    account_id: 10,
    status: 'running',
    level: null,
    started_at: '2025-01-02T09:00:00.000Z',
    stopped_at: null,
    stop_reason: null,
    stop_note: null,
    open_positions: 2,
    pnl_today: 12.3,
    currency: 'USD',
    ...overrides,
  };
}

const runs = (...items: AdvisorRunDto[]) => ({ data: items });

/** The toasts on screen of one Sonner type ('info', 'error', …), by their text. */
const toastsOf = (type: string) =>
  Array.from(document.querySelectorAll(`[data-sonner-toast][data-type="${type}"]`)).map(
    (t) => t.textContent ?? '',
  );

function node(name: string): HTMLElement {
  const li = screen.getByText(name).closest('li');
  if (!li) throw new Error(`no node ${name}`);
  return li;
}

function toggleOf(name: string): HTMLElement {
  const button = screen.getByText(name).closest('button');
  if (!button) throw new Error(`no button ${name}`);
  return button;
}

const ACCOUNTS = [
  {
    id: 10,
    number: 'L-10',
    title: 'Live',
    type: 'live' as const,
    currency: 'USD',
    balance: 1_000,
    credit_balance: 0,
  },
  {
    id: 12,
    number: 'D-12',
    title: 'Demo',
    type: 'demo' as const,
    currency: 'USD',
    balance: 5_000,
    credit_balance: 0,
  },
];

describe('Algo Trader tree (SPEC §2 right sidebar, §4, §6; issue 16 real runs)', () => {
  beforeEach(() => {
    useSessionStore.setState({
      user: sessionUser({ eas: [3, 5], accounts: ACCOUNTS }),
      selectedAccountIndex: 1,
    });
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it("says 'No Expert Advisors available' when the shared data has none", async () => {
    const api = fakeApi({ '/shared-data': SHARED([]), '/advisor_runs': runs() });
    renderAt(<AlgoTrader />, '/');
    expect(await screen.findByText('No Expert Advisors available')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/shared-data');
  });

  it('lists the advisors under an Expert Advisors folder that folds', async () => {
    fakeApi({ '/shared-data': SHARED([SCALPER, TREND, { id: 'bad' }]), '/advisor_runs': runs() });
    renderAt(<AlgoTrader />, '/');
    expect(await screen.findByText('Scalper Pro')).toBeTruthy();
    expect(screen.getByText('Trend Rider')).toBeTruthy();
    const folder = screen.getByRole('button', { name: /Expert Advisors/ });
    expect(folder.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(folder);
    expect(screen.queryByText('Scalper Pro')).toBeNull();
    expect(folder.getAttribute('aria-expanded')).toBe('false');
  });

  it("dims an advisor not in the user's eas list and says why on click, without calling the server", async () => {
    const api = fakeApi({ '/shared-data': SHARED([SCALPER, TREND]), '/advisor_runs': runs() });
    renderAt(<AlgoTrader />, '/');
    await screen.findByText('Trend Rider');
    const trend = toggleOf('Trend Rider');
    expect(trend.getAttribute('aria-disabled')).toBe('true');
    // Dimmed with the muted text colour (AA contrast), not with opacity.
    expect(trend.className).toContain('text-muted-foreground');
    expect(within(trend).getByLabelText('Not on your plan')).toBeTruthy();
    fireEvent.click(trend);
    await waitFor(() =>
      expect(toastsOf('error')).toContain(
        'This Expert Advisor is not available for your plan. Please upgrade to access it.',
      ),
    );
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows the real state of each run with its open positions and P/L today', async () => {
    fakeApi({
      '/shared-data': SHARED([SCALPER, BREAKOUT]),
      '/advisor_runs': runs(
        run({ id: 7 }),
        run({
          id: 6,
          expert_advisor_id: 5,
          name: 'Breakout',
          status: 'stopped',
          stop_reason: 'equity_stop',
          open_positions: 0,
          pnl_today: -4.5,
        }),
      ),
    });
    renderAt(<AlgoTrader />, '/');
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Running')).toBeTruthy());
    expect(toggleOf('Scalper Pro').getAttribute('aria-pressed')).toBe('true');
    expect(within(node('Scalper Pro')).getByTestId('advisor-figures').textContent).toBe(
      '2 open · P/L today +$12.30',
    );
    expect(within(toggleOf('Breakout')).getByText('Stopped')).toBeTruthy();
    expect(toggleOf('Breakout').getAttribute('aria-pressed')).toBe('false');
    expect(within(node('Breakout')).getByTestId('advisor-figures').textContent).toBe(
      '0 open · P/L today -$4.50',
    );
    expect(within(node('Breakout')).getByText('Stopped: equity stop reached')).toBeTruthy();
  });

  it('an advisor that never ran is Stopped (not SPEC §4 client-side Running)', async () => {
    fakeApi({ '/shared-data': SHARED([SCALPER]), '/advisor_runs': runs() });
    renderAt(<AlgoTrader />, '/');
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Stopped')).toBeTruthy());
    expect(within(node('Scalper Pro')).queryByTestId('advisor-figures')).toBeNull();
  });

  it("starts the real run on the selected account and says 'Expert Advisor started' once the server confirms", async () => {
    const held = deferred<unknown>();
    let started = false;
    const api = fakeApi(
      {
        '/shared-data': SHARED([SCALPER]),
        '/advisor_runs': () => runs(...(started ? [run({ id: 9 })] : [])),
      },
      {
        '/expert_advisors/3/start': async () => {
          const answer = await held.promise;
          started = true;
          return answer;
        },
      },
    );
    renderAt(<AlgoTrader />, '/');
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Stopped')).toBeTruthy());
    fireEvent.click(toggleOf('Scalper Pro'));

    expect(await within(toggleOf('Scalper Pro')).findByRole('status', { name: 'Starting' })).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/expert_advisors/3/start', { account_id: 12 });
    // Nothing is claimed before the server has answered.
    expect(toastsOf('info')).toEqual([]);
    fireEvent.click(toggleOf('Scalper Pro'));
    expect(api.post).toHaveBeenCalledTimes(1);

    held.resolve({ data: run({ id: 9 }), message: 'Expert Advisor started' });
    await waitFor(() => expect(toastsOf('info')).toEqual(['Expert Advisor started']));
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Running')).toBeTruthy());
  });

  it("stops a running advisor and says 'Expert Advisor stopped'", async () => {
    let running = true;
    const api = fakeApi(
      {
        '/shared-data': SHARED([SCALPER]),
        '/advisor_runs': () =>
          runs(run({ id: 9, status: running ? 'running' : 'stopped', stop_reason: running ? null : 'user' })),
      },
      {
        '/expert_advisors/3/stop': () => {
          running = false;
          return {
            data: run({ id: 9, status: 'stopped', stop_reason: 'user' }),
            message: 'Expert Advisor stopped',
          };
        },
      },
    );
    renderAt(<AlgoTrader />, '/');
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Running')).toBeTruthy());
    fireEvent.click(toggleOf('Scalper Pro'));
    await waitFor(() => expect(toastsOf('info')).toEqual(['Expert Advisor stopped']));
    expect(api.post).toHaveBeenCalledWith('/expert_advisors/3/stop', {});
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Stopped')).toBeTruthy());
    // Stopped by the customer: no reason line.
    expect(within(node('Scalper Pro')).queryByText(/Stopped by you/)).toBeNull();
  });

  it("shows the server's message when starting fails, and the state stays", async () => {
    fakeApi(
      { '/shared-data': SHARED([SCALPER]), '/advisor_runs': runs() },
      {
        '/expert_advisors/3/start': new ApiFailure(409, {
          message: 'The market is closed for this instrument.',
          code: 'MARKET_CLOSED',
        }),
      },
    );
    renderAt(<AlgoTrader />, '/');
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Stopped')).toBeTruthy());
    fireEvent.click(toggleOf('Scalper Pro'));
    await waitFor(() => expect(toastsOf('error')).toEqual(['The market is closed for this instrument.']));
    expect(toastsOf('info')).toEqual([]);
    expect(within(toggleOf('Scalper Pro')).getByText('Stopped')).toBeTruthy();
  });

  it("says 'Failed to start Expert Advisor' when the server gives no reason", async () => {
    fakeApi(
      { '/shared-data': SHARED([SCALPER]), '/advisor_runs': runs() },
      { '/expert_advisors/3/start': new ApiFailure(502, null) },
    );
    renderAt(<AlgoTrader />, '/');
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Stopped')).toBeTruthy());
    fireEvent.click(toggleOf('Scalper Pro'));
    await waitFor(() => expect(toastsOf('error')).toEqual(['Failed to start Expert Advisor']));
  });

  it('does not toggle while the runs are unknown, and offers Retry when they fail', async () => {
    let fail = true;
    const api = fakeApi({
      '/shared-data': SHARED([SCALPER]),
      '/advisor_runs': () => (fail ? new Error('down') : runs(run({ id: 1 }))),
    });
    renderAt(<AlgoTrader />, '/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load advisor states')).toBeTruthy();
    fireEvent.click(toggleOf('Scalper Pro'));
    expect(api.post).not.toHaveBeenCalled();
    expect(toggleOf('Scalper Pro').getAttribute('aria-disabled')).toBe('true');

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Running')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refetches the runs on a trade or user event and polls them every 10 s', async () => {
    const api = fakeApi({ '/shared-data': SHARED([SCALPER]), '/advisor_runs': runs() });
    const { queryClient } = renderAt(<AlgoTrader />, '/');
    await waitFor(() => expect(within(toggleOf('Scalper Pro')).queryByText('Stopped')).toBeTruthy());
    const calls = () => api.get.mock.calls.filter(([u]) => u === '/advisor_runs').length;
    expect(calls()).toBe(1);
    // What the realtime link's trade.updated and user.updated handlers do.
    await act(() => queryClient.invalidateQueries({ queryKey: tradingKeys.all }));
    expect(calls()).toBe(2);
    const observer = queryClient.getQueryCache().find({ queryKey: advisorRunKeys.all })?.observers[0];
    expect(observer?.options.refetchInterval).toBe(RUNS_POLL_MS);
    expect(RUNS_POLL_MS).toBe(10_000);
  });

  it("shows a run's decision log, newest first", async () => {
    const decisions: RunDecisionDto[] = [
      {
        id: 1,
        at: '2025-01-02T09:00:00.000Z',
        kind: 'started',
        code: null,
        message: 'Started',
        trade_id: null,
      },
      {
        id: 2,
        at: '2025-01-02T09:05:00.000Z',
        kind: 'skipped',
        code: 'insufficient_margin',
        message: 'Not executed: not enough free margin',
        trade_id: null,
      },
      {
        id: 3,
        at: '2025-01-02T09:10:00.000Z',
        kind: 'order',
        code: null,
        message: 'Bought 0.10 lots',
        trade_id: 44,
      },
    ];
    const api = fakeApi({
      '/shared-data': SHARED([SCALPER]),
      '/advisor_runs': runs(run({ id: 7 })),
      '/advisor_runs/7/decisions': { data: decisions },
    });
    renderAt(<AlgoTrader />, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Decision log of Scalper Pro' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('run-decision')).toHaveLength(3));
    const rows = within(dialog).getAllByTestId('run-decision');
    expect(rows[0]?.textContent).toContain('Bought 0.10 lots');
    expect(rows[0]?.textContent).toContain('Trade #44');
    expect(rows[1]?.textContent).toContain('Not executed: not enough free margin');
    expect(rows[2]?.textContent).toContain('Started');
    expect(api.get).toHaveBeenCalledWith('/advisor_runs/7/decisions');
  });
});
