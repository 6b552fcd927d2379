import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { httpError, ok } from '@/test/http';
import { renderRoutes, toastTexts } from '@/test/render';
import { ExpertAdvisorsPage } from './ExpertAdvisorsPage';
import { ADVISOR, catalogueRoutes, EURUSD, signInStaff, stubGets } from './testFixtures';

const mount = (path = '/admin/expert-advisors') =>
  renderRoutes([{ path: '/admin/expert-advisors', element: <ExpertAdvisorsPage /> }], path);
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const errorOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

beforeEach(() => signInStaff(['clients.read', 'advisors.manage']));
afterEach(() => {
  vi.restoreAllMocks();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

async function openNew() {
  mount();
  const add = await screen.findByRole('button', { name: 'Add advisor' });
  await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
  fireEvent.click(add);
  return screen.findByRole('dialog', { name: 'New Expert Advisor' });
}

describe('Expert Advisors catalogue', () => {
  it('lists each advisor with its strategy, instrument, price, plans, figures and flags', async () => {
    stubGets(catalogueRoutes());
    mount();
    const table = await screen.findByRole('table', { name: 'Expert Advisors' });
    const [name] = await within(table).findAllByText('Golden Cross EURUSD');
    const row = name?.closest('tr') as HTMLElement;
    expect(within(row).getByText('Moving Average Crossover')).toBeTruthy();
    expect(within(row).getByText('EUR/USD')).toBeTruthy();
    expect(within(row).getByText('$49.00')).toBeTruthy();
    expect(await within(row).findByText('Basic')).toBeTruthy();
    expect(within(row).getByText('Win rate 55.0%')).toBeTruthy();
    expect(within(row).getByText('Net +$812.50')).toBeTruthy();
    expect(within(row).getByText('active')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit Golden Cross EURUSD' })).toBeTruthy();
  });

  it('hides Add, Edit and Rerun from staff who cannot manage advisors', async () => {
    signInStaff(['clients.read']);
    stubGets(catalogueRoutes());
    mount();
    await screen.findByText('Golden Cross EURUSD');
    expect(screen.queryByRole('button', { name: 'Add advisor' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Rerun backtest/ })).toBeNull();
  });

  it('shows the chosen strategy’s description, risks and parameters with its defaults', async () => {
    stubGets(catalogueRoutes([]));
    const dialog = await openNew();
    expect(within(dialog).queryByLabelText('Fast average (bars)')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Strategy'), { target: { value: 'grid' } });
    expect(within(dialog).getByText(/Risks:/)).toBeTruthy();
    expect(
      (within(dialog).getByLabelText('Levels on each side of the anchor') as HTMLInputElement).value,
    ).toBe('5');
    expect(
      (within(dialog).getByLabelText('Stop trading after a hard stop') as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(dialog).getByLabelText('Step and hard stop measured as') as HTMLSelectElement).value).toBe(
      'percent',
    );
  });

  it('says what is missing beside each field and sends nothing', async () => {
    stubGets(catalogueRoutes([]));
    const post = vi.spyOn(api, 'post');
    const dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText('Strategy'), { target: { value: 'ma_crossover' } });
    type(dialog, 'Fast average (bars)', '2.5');
    type(dialog, 'Max lots per order', '0');
    fireEvent.click(within(dialog).getByLabelText('Trade whenever the market is open'));
    type(dialog, 'Trading from (UTC)', '10:00');
    type(dialog, 'Trading until (UTC)', '10:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add advisor' }));

    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(name)).toBe('Enter a name of 2 to 80 characters');
    expect(errorOf(within(dialog).getByLabelText('Description'))).toBe(
      'Enter a description of 10 to 2000 characters',
    );
    expect(errorOf(within(dialog).getByLabelText('Fast average (bars)'))).toBe(
      'Enter a whole number from 2 to 200',
    );
    expect(errorOf(within(dialog).getByLabelText('Max lots per order'))).toBe(
      'Enter a number of lots above 0, at most 100',
    );
    expect(errorOf(within(dialog).getByLabelText('Instrument'))).toBe('Choose an instrument');
    expect(errorOf(within(dialog).getByLabelText('Trading until (UTC)'))).toBe(
      'The same start and end mean all day: tick “Trade whenever the market is open”',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('adds an advisor with typed parameters, limits, plans, features and flags', async () => {
    stubGets(catalogueRoutes([]));
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ data: { ...ADVISOR, id: 9, name: 'Grid EURUSD' } }));
    const dialog = await openNew();
    type(dialog, 'Name', 'Grid EURUSD');
    type(dialog, 'Description', 'A hard-limited grid around the anchor price.');
    type(dialog, 'Price (USD)', '19.5');
    type(dialog, 'Category', 'Grid');
    type(dialog, 'Author', 'OpenBroker');
    type(dialog, 'Features', 'Hard stop');
    fireEvent.keyDown(within(dialog).getByLabelText('Features'), { key: 'Enter' });
    type(dialog, 'Features', 'Five levels');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add feature' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove feature Five levels' }));
    fireEvent.change(within(dialog).getByLabelText('Strategy'), { target: { value: 'grid' } });
    type(dialog, 'Levels on each side of the anchor', '4');
    type(dialog, 'Order size (lots)', '0.02');
    fireEvent.click(within(dialog).getByLabelText('Stop trading after a hard stop'));
    const instrument = within(dialog).getByLabelText('Instrument');
    await within(instrument).findByRole('option', { name: 'EUR/USD — Euro / US Dollar' });
    fireEvent.change(instrument, { target: { value: String(EURUSD.id) } });
    type(dialog, 'Max lots per order', '0.5');
    type(dialog, 'Max open positions', '4');
    type(dialog, 'Equity stop (%)', '15');
    fireEvent.click(within(dialog).getByLabelText('Close positions on equity stop'));
    fireEvent.click(within(dialog).getByLabelText('Trade whenever the market is open'));
    type(dialog, 'Trading from (UTC)', '07:30');
    type(dialog, 'Trading until (UTC)', '00:00');
    fireEvent.click(await within(dialog).findByLabelText('Pro'));
    fireEvent.click(within(dialog).getByLabelText('Used by AutoTrader'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add advisor' }));

    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/admin/expert_advisors', {
      name: 'Grid EURUSD',
      description: 'A hard-limited grid around the anchor price.',
      strategy: 'grid',
      params: {
        timeframeSec: 60,
        stepUnit: 'percent',
        step: 0.1,
        maxLevels: 4,
        lots: 0.02,
        maxTotalLots: 0.05,
        hardStop: 0.8,
        haltAfterHardStop: false,
      },
      limits: {
        maxLots: 0.5,
        maxOpenPositions: 4,
        equityStopPct: 15,
        closeOnEquityStop: false,
        hours: { fromMinute: 450, toMinute: 1440 },
      },
      asset_id: 5,
      price: 19.5,
      category: 'Grid',
      author: 'OpenBroker',
      features: ['Hard stop'],
      image: null,
      plan_ids: [2],
      active: true,
      autotrader: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(toastTexts().join(' ')).toContain('Grid EURUSD added to the catalogue'));
  });

  it('edits an advisor with PUT, keeping its parameters, and shows the server’s 422 on its fields', async () => {
    stubGets(catalogueRoutes());
    const put = vi.spyOn(api, 'put').mockRejectedValueOnce(
      httpError(422, {
        message: 'The fast average must be shorter than the slow one',
        code: 'VALIDATION_FAILED',
        errors: {
          'params.fast': ['The fast average must be shorter than the slow one'],
          'limits.hours': ['Invalid hours'],
        },
      }),
    );
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Golden Cross EURUSD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Golden Cross EURUSD' });
    expect((within(dialog).getByLabelText('Fast average (bars)') as HTMLInputElement).value).toBe('10');
    type(dialog, 'Fast average (bars)', '40');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save advisor' }));

    const fast = within(dialog).getByLabelText('Fast average (bars)');
    await waitFor(() => expect(fast.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(fast)).toBe('The fast average must be shorter than the slow one');
    expect(put).toHaveBeenCalledWith(
      '/admin/expert_advisors/7',
      expect.objectContaining({
        strategy: 'ma_crossover',
        params: expect.objectContaining({ fast: 40, slow: 30, maType: 'sma', lots: 0.1 }),
        plan_ids: [1],
        features: ['Trend following'],
      }),
    );
    expect(within(dialog).getByRole('alert')).toBeTruthy();
  });

  it('reruns a backtest and shows the figures and the equity curve', async () => {
    stubGets(catalogueRoutes());
    // The route answers the advisor with its fresh figures (the curve included).
    const fresh = {
      ...ADVISOR.backtest,
      trades: 12,
      win_rate: 0.25,
      net_profit: -150,
      equity: [
        ['2026-01-01T00:00:00.000Z', 10_000],
        ['2026-01-15T00:00:00.000Z', 10_200],
        ['2026-01-31T00:00:00.000Z', 9_850],
      ],
    };
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { ...ADVISOR, backtest: fresh } }));
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Rerun backtest of Golden Cross EURUSD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backtest of Golden Cross EURUSD' });
    expect(await within(dialog).findByText('−$150.00')).toBeTruthy();
    expect(within(dialog).getByText('25.0%')).toBeTruthy();
    expect(
      within(dialog).getByRole('img', {
        name: 'Equity curve: from $10,000.00 to $9,850.00, lowest $9,850.00, highest $10,200.00',
      }),
    ).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/admin/expert_advisors/7/backtest');
  });

  it('shows performance per advisor on its tab', async () => {
    stubGets({
      '/admin/advisor_performance': {
        data: [
          {
            expert_advisor_id: 7,
            name: 'Golden Cross EURUSD',
            active: true,
            runs_running: 3,
            runs_total: 11,
            trades: 84,
            wins: 50,
            win_rate: 50 / 84,
            pnl_usd: 1234.5,
            pnl_by_currency: { USD: 1234.5 },
            unconverted: [],
            demo_trades: 5,
            demo_pnl_usd: -20,
          },
        ],
      },
    });
    mount('/admin/expert-advisors?tab=performance');
    const table = await screen.findByRole('table', { name: 'Advisor performance' });
    const row = (await within(table).findByText('Golden Cross EURUSD')).closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('11')).toBeTruthy();
    expect(within(row).getByText('84')).toBeTruthy();
    expect(within(row).getByText('+$1,234.50')).toBeTruthy();
    expect(within(row).getByText('59.5%')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Performance' }).getAttribute('aria-selected')).toBe('true');
  });
});
