import type { AdvisorRunDto } from '@openbroker/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MainHeader } from '@/app/layouts/MainHeader';
import { ApiFailure, fakeApi, renderAt } from '@/features/marketplace/testing';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { deferred } from '@/test/http';
import { AutoTraderButton } from './AutoTraderDialog';
import { ACCEPT_LABEL } from './AutoTraderForm';

const toastsOf = (type: string) =>
  Array.from(document.querySelectorAll(`[data-sonner-toast][data-type="${type}"]`)).map(
    (t) => t.textContent ?? '',
  );

function autoTraderRun(overrides: Partial<AdvisorRunDto> = {}): AdvisorRunDto {
  return {
    id: 21,
    kind: 'autotrader',
    expert_advisor_id: null,
    name: 'AutoTrader',
    user_id: 1,
    account_id: 10,
    status: 'running',
    level: 'medium',
    started_at: '2025-01-02T09:00:00.000Z',
    stopped_at: null,
    stop_reason: null,
    stop_note: null,
    open_positions: 3,
    pnl_today: 25.5,
    currency: 'USD',
    ...overrides,
  };
}

async function open() {
  fireEvent.click(screen.getByRole('button', { name: /^AutoTrader/ }));
  return screen.findByTestId('autotrader-dialog');
}

const radio = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole('radio', { name }) as HTMLInputElement;

describe('AutoTrader dialog (SPEC §2, §4, §5, §8, §9)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ autotrader: false }), selectedAccountIndex: 0 });
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it('is opened from the main header', async () => {
    fakeApi({});
    renderAt(<MainHeader />, '/main/dashboard');
    const buttons = screen.getAllByRole('button', { name: 'AutoTrader' });
    expect(buttons.length).toBeGreaterThan(0);
    fireEvent.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByTestId('autotrader-dialog');
    expect(within(dialog).getByRole('heading', { name: 'AutoTrader' })).toBeTruthy();
  });

  it('opens on Cancel, not on a risk level or Accept', async () => {
    fakeApi({});
    renderAt(<AutoTraderButton />, '/');
    const dialog = await open();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
  });

  it('offers low, medium and high with what each allows, medium by default, and Activate only once accepted', async () => {
    fakeApi({});
    renderAt(<AutoTraderButton />, '/');
    const dialog = await open();
    expect(radio(dialog, /Low/).checked).toBe(false);
    expect(radio(dialog, /Medium/).checked).toBe(true);
    expect(radio(dialog, /High/).checked).toBe(false);
    expect(within(dialog).getByText('1–2 open trades at a time')).toBeTruthy();
    expect(within(dialog).getByText('2–4 open trades at a time')).toBeTruthy();
    expect(within(dialog).getByText('Unlimited open trades')).toBeTruthy();

    const activate = within(dialog).getByRole('button', { name: 'Activate' });
    expect(activate.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByLabelText(ACCEPT_LABEL));
    expect(activate.hasAttribute('disabled')).toBe(false);
    fireEvent.click(within(dialog).getByLabelText(ACCEPT_LABEL));
    expect(activate.hasAttribute('disabled')).toBe(true);
  });

  it("sends the chosen level, shows 'Activating...' and says 'AutoTrader settings saved successfully'", async () => {
    const held = deferred<unknown>();
    const api = fakeApi({ '/user': { data: sessionUser() } }, { '/update/autotrader': () => held.promise });
    renderAt(<AutoTraderButton />, '/');
    const dialog = await open();
    fireEvent.click(radio(dialog, /High/));
    fireEvent.click(within(dialog).getByLabelText(ACCEPT_LABEL));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));

    const busy = await within(dialog).findByRole('button', { name: 'Activating...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(api.post).toHaveBeenCalledWith('/update/autotrader', { autotrader_type: 'high' });

    held.resolve({ message: 'Your AutoTrader request was sent for approval.' });
    await waitFor(() => expect(toastsOf('success')).toEqual(['AutoTrader settings saved successfully']));
    await waitFor(() => expect(screen.queryByTestId('autotrader-dialog')).toBeNull());
  });

  it('starts again at medium and unticked each time it opens', async () => {
    fakeApi({});
    renderAt(<AutoTraderButton />, '/');
    let dialog = await open();
    fireEvent.click(radio(dialog, /Low/));
    fireEvent.click(within(dialog).getByLabelText(ACCEPT_LABEL));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('autotrader-dialog')).toBeNull());
    dialog = await open();
    expect(radio(dialog, /Medium/).checked).toBe(true);
    expect((within(dialog).getByLabelText(ACCEPT_LABEL) as HTMLInputElement).checked).toBe(false);
  });

  it.each([
    [
      'a pending request',
      new ApiFailure(409, { message: 'You already have a pending auto trader request.', code: 'CONFLICT' }),
      'You already have a pending AutoTrader request. Please wait for approval.',
    ],
    [
      'any other refusal',
      new ApiFailure(422, { message: 'Choose a risk level: low, medium or high', code: 'VALIDATION_FAILED' }),
      'Failed to save AutoTrader settings',
    ],
    ['a failure without a message', new ApiFailure(500, null), 'Failed to save AutoTrader settings'],
  ])('on %s says SPEC §8 words', async (_case, failure, message) => {
    fakeApi({}, { '/update/autotrader': failure });
    renderAt(<AutoTraderButton />, '/');
    const dialog = await open();
    fireEvent.click(within(dialog).getByLabelText(ACCEPT_LABEL));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(toastsOf('error')).toEqual([message]));
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    // The dialog stays, Activate usable again.
    expect(within(dialog).getByRole('button', { name: 'Activate' }).hasAttribute('disabled')).toBe(false);
  });

  describe("once approved: the read-only 'Auto Trader Active' view", () => {
    beforeEach(() => {
      useSessionStore.setState({ user: sessionUser({ autotrader: true }) });
    });

    it('shows the level, open trades and P/L today of the AutoTrader run, and no form', async () => {
      const api = fakeApi({
        '/advisor_runs': {
          data: [
            {
              ...autoTraderRun(),
              kind: 'ea',
              expert_advisor_id: 3,
              name: 'Scalper',
              level: null,
              open_positions: 9,
            },
            autoTraderRun(),
          ],
        },
      });
      renderAt(<AutoTraderButton />, '/');
      expect(screen.getByRole('button', { name: 'AutoTrader (active)' })).toBeTruthy();
      const dialog = await open();
      expect(within(dialog).getByRole('heading', { name: 'Auto Trader Active' })).toBeTruthy();
      expect(within(dialog).queryByRole('radio')).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Activate' })).toBeNull();
      const figures = await within(dialog).findByText('Risk level');
      expect(figures.nextElementSibling?.textContent).toBe('Medium');
      expect(within(dialog).getByText('Open trades').nextElementSibling?.textContent).toBe('3 of at most 4');
      expect(within(dialog).getByText('P/L today').nextElementSibling?.textContent).toBe('+$25.50');
      expect(api.get).toHaveBeenCalledWith('/advisor_runs');
    });

    it('high has no cap on open trades', async () => {
      fakeApi({ '/advisor_runs': { data: [autoTraderRun({ level: 'high', open_positions: 7 })] } });
      renderAt(<AutoTraderButton />, '/');
      const dialog = await open();
      expect((await within(dialog).findByText('Open trades')).nextElementSibling?.textContent).toBe('7');
      expect(within(dialog).getByText('Unlimited open trades.')).toBeTruthy();
    });

    it('stops only after confirming, then says so and refetches the user', async () => {
      const api = fakeApi(
        {
          '/advisor_runs': { data: [autoTraderRun()] },
          '/user': () => ({ data: sessionUser({ autotrader: false }) }),
        },
        { '/autotrader/stop': { message: 'AutoTrader stopped' } },
      );
      renderAt(<AutoTraderButton />, '/');
      const dialog = await open();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
      expect(within(dialog).getByRole('heading', { name: 'Stop AutoTrader?' })).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Keep running' }));
      expect(within(dialog).queryByRole('heading', { name: 'Stop AutoTrader?' })).toBeNull();
      expect(api.post).not.toHaveBeenCalled();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, stop AutoTrader' }));
      await waitFor(() => expect(toastsOf('info')).toEqual(['AutoTrader stopped']));
      expect(api.post).toHaveBeenCalledWith('/autotrader/stop', {});
      await waitFor(() => expect(useSessionStore.getState().user?.autotrader).toBe(false));
      await waitFor(() => expect(screen.queryByTestId('autotrader-dialog')).toBeNull());
    });

    it("shows the server's message when stopping fails", async () => {
      fakeApi(
        { '/advisor_runs': { data: [autoTraderRun()] } },
        {
          '/autotrader/stop': new ApiFailure(409, { message: 'AutoTrader is not running', code: 'CONFLICT' }),
        },
      );
      renderAt(<AutoTraderButton />, '/');
      const dialog = await open();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, stop AutoTrader' }));
      await waitFor(() => expect(toastsOf('error')).toEqual(['AutoTrader is not running']));
      expect(screen.getByTestId('autotrader-dialog')).toBeTruthy();
    });

    it('opens the decision log of the AutoTrader run', async () => {
      fakeApi({
        '/advisor_runs': { data: [autoTraderRun()] },
        '/advisor_runs/21/decisions': {
          data: [
            {
              id: 1,
              at: '2025-01-02T09:00:00.000Z',
              kind: 'skipped',
              code: 'autotrader_cap',
              message: 'Not executed: the AutoTrader limit of open positions is reached',
              trade_id: null,
            },
          ],
        },
      });
      renderAt(<AutoTraderButton />, '/');
      const dialog = await open();
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Decision log' }));
      expect(
        await screen.findByText('Not executed: the AutoTrader limit of open positions is reached'),
      ).toBeTruthy();
    });
  });
});
