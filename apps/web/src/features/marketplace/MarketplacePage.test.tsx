import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { deferred } from '@/test/http';
import { MarketplacePage, pageReload } from './MarketplacePage';
import { ApiFailure, fakeApi, renderAt, testAdvisor, testBacktest } from './testing';

const TREND = testAdvisor({
  id: 1,
  name: 'Trend Rider',
  description: 'Follows the trend with a trailing exit.',
  amount_val: 49,
  amount: '49.00',
  category: 'Trend',
  downloads: 500,
  rating: 4.5,
  author: 'OpenBroker Labs',
  features: ['Trailing stop'],
});
const RSI = testAdvisor({
  id: 2,
  name: 'RSI Bounce',
  description: 'Buys oversold dips.',
  amount_val: 0,
  amount: '0.00',
  category: 'Mean reversion',
  downloads: 900,
  rating: 4.0,
  author: 'Quant Desk',
  features: ['RSI'],
});
const GRID = testAdvisor({
  id: 3,
  name: 'Grid Master',
  description: 'A grid with hard limits.',
  amount_val: 99,
  amount: '99.00',
  category: 'Grid',
  downloads: 120,
  rating: 4.8,
  author: 'Quant Desk',
  features: ['Hard limits'],
  purchased: true,
});

const list = (...items: unknown[]) => ({ data: { data: items } });

function mount(path = '/main/marketplace') {
  return renderAt(<MarketplacePage />, path, '/main/marketplace');
}

/** The titles of the cards on screen, in order. */
const titles = () =>
  screen.queryAllByTestId('marketplace-item').map((card) => within(card).getByRole('heading').textContent);

const search = (router: ReturnType<typeof mount>['router']) => router.state.location.search;

describe('marketplace page (SPEC §2, §3, §8, §9)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ eas: [3] }), selectedAccountIndex: 0 });
  });

  it('shows each item with price in USD, rating, downloads, category, backtest and status, popular first', async () => {
    const api = fakeApi({ '/expert_advisors': list(TREND, RSI, GRID) });
    mount();
    await waitFor(() => expect(titles()).toEqual(['RSI Bounce', 'Trend Rider', 'Grid Master']));
    expect(api.get).toHaveBeenCalledWith('/expert_advisors');

    const [rsi, trend, grid] = screen.getAllByTestId('marketplace-item');
    if (!rsi || !trend || !grid) throw new Error('cards missing');
    expect(within(rsi).getByTestId('marketplace-price').textContent).toBe('Free');
    expect(within(trend).getByTestId('marketplace-price').textContent).toBe('$49.00');
    expect(within(trend).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(within(trend).getByText('500 downloads')).toBeTruthy();
    expect(within(trend).getByText('Trend')).toBeTruthy();
    expect(within(trend).getByText('Available')).toBeTruthy();
    const figures = within(trend).getByLabelText('Backtest');
    const expected: [string, string][] = [
      ['Trades', '120'],
      ['Win rate', '55.0%'],
      ['Profit factor', '1.42'],
      ['Max drawdown', '8.3%'],
      ['Net profit', '+$1,234.50'],
    ];
    for (const [label, value] of expected) {
      expect(within(figures).getByText(label).nextElementSibling?.textContent).toBe(value);
    }
    expect(within(trend).getByRole('button', { name: 'Buy Trend Rider' })).toBeTruthy();
  });

  it('shows a purchased item with a disabled Purchased button', async () => {
    fakeApi({ '/expert_advisors': list(GRID) });
    mount();
    const button = await screen.findByRole('button', { name: 'Grid Master: purchased' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.textContent).toContain('Purchased');
    expect(screen.queryByRole('button', { name: 'Buy Grid Master' })).toBeNull();
  });

  it('draws the equity sparkline when the backtest carries a curve', async () => {
    const curve = testBacktest({
      equity: [
        ['2025-01-01T00:00:00.000Z', 10_000],
        ['2025-03-01T00:00:00.000Z', 10_400],
        ['2025-06-30T00:00:00.000Z', 11_234.5],
      ],
    });
    fakeApi({ '/expert_advisors': list({ ...TREND, backtest: curve }) });
    mount();
    const line = await screen.findByRole('img', { name: 'Backtest equity from $10,000.00 to $11,234.50' });
    expect(line.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });

  it('removes parameters equal to their default from the address (SPEC §2)', async () => {
    fakeApi({ '/expert_advisors': list(TREND, RSI, GRID) });
    const { router } = mount('/main/marketplace?search=&category=All&filter=popular');
    await waitFor(() => expect(search(router)).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('reads search, category and filter from the address', async () => {
    fakeApi({ '/expert_advisors': list(TREND, RSI, GRID) });
    mount('/main/marketplace?filter=top_rated&category=Grid');
    await waitFor(() => expect(titles()).toEqual(['Grid Master']));
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('top_rated');
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('filters to free, sorts top rated and newest, and drops the default from the address', async () => {
    fakeApi({ '/expert_advisors': list(TREND, RSI, GRID) });
    const { router } = mount();
    await waitFor(() => expect(titles()).toHaveLength(3));
    const select = screen.getByLabelText('Show');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Popular',
      'Free',
      'Top rated',
      'Newest',
    ]);

    fireEvent.change(select, { target: { value: 'free' } });
    await waitFor(() => expect(search(router)).toBe('?filter=free'));
    await waitFor(() => expect(titles()).toEqual(['RSI Bounce']));

    fireEvent.change(select, { target: { value: 'top_rated' } });
    await waitFor(() => expect(titles()).toEqual(['Grid Master', 'Trend Rider', 'RSI Bounce']));

    fireEvent.change(select, { target: { value: 'newest' } });
    await waitFor(() => expect(titles()).toEqual(['Grid Master', 'RSI Bounce', 'Trend Rider']));

    fireEvent.change(select, { target: { value: 'popular' } });
    await waitFor(() => expect(search(router)).toBe(''));
  });

  it("builds category chips from the items' categories plus All", async () => {
    fakeApi({ '/expert_advisors': list(TREND, RSI, GRID) });
    const { router } = mount();
    await waitFor(() => expect(titles()).toHaveLength(3));
    const chips = within(screen.getByRole('group', { name: 'Category' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['All', 'Grid', 'Mean reversion', 'Trend']);
    expect(chips[0]?.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Mean reversion' }));
    await waitFor(() => expect(search(router)).toBe('?category=Mean+reversion'));
    await waitFor(() => expect(titles()).toEqual(['RSI Bounce']));

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(search(router)).toBe(''));
    await waitFor(() => expect(titles()).toHaveLength(3));
  });

  it('searches title, description, author and features case-insensitively, replacing the address entry', async () => {
    fakeApi({ '/expert_advisors': list(TREND, RSI, GRID) });
    const { router } = mount();
    await waitFor(() => expect(titles()).toHaveLength(3));
    const box = screen.getByLabelText('Search');

    fireEvent.change(box, { target: { value: 'QUANT' } });
    // The list follows the address, which follows typing once it pauses.
    expect(titles()).toHaveLength(3);
    await waitFor(() => expect(search(router)).toBe('?search=QUANT'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(titles()).toEqual(['RSI Bounce', 'Grid Master']));

    fireEvent.change(box, { target: { value: 'trailing' } });
    await waitFor(() => expect(titles()).toEqual(['Trend Rider']));

    fireEvent.change(box, { target: { value: 'oversold' } });
    await waitFor(() => expect(titles()).toEqual(['RSI Bounce']));

    fireEvent.change(box, { target: { value: 'grid master' } });
    await waitFor(() => expect(titles()).toEqual(['Grid Master']));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("says 'No items found matching your criteria.' and clears back to everything", async () => {
    fakeApi({ '/expert_advisors': list(TREND, RSI, GRID) });
    const { router } = mount('/main/marketplace?search=nothing-like-this&filter=free');
    expect(await screen.findByText('No items found matching your criteria.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(search(router)).toBe('');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
  });

  it('shows skeletons while loading', async () => {
    const held = deferred<unknown>();
    fakeApi({ '/expert_advisors': () => held.promise });
    mount();
    expect(await screen.findByTestId('marketplace-loading')).toBeTruthy();
    expect(screen.getByText('Loading marketplace items')).toBeTruthy();
    held.resolve(list(TREND));
    await waitFor(() => expect(titles()).toEqual(['Trend Rider']));
    expect(screen.queryByTestId('marketplace-loading')).toBeNull();
  });

  it("says 'Failed to load marketplace items' with a Retry that reloads the page", async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    fakeApi({ '/expert_advisors': new Error('down') });
    mount();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load marketplace items')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('opens an item detail with how it trades, risks, features and the equity curve', async () => {
    const detail = {
      ...TREND,
      backtest: testBacktest({
        equity: [
          ['2025-01-01T00:00:00.000Z', 10_000],
          ['2025-06-30T00:00:00.000Z', 9_500],
        ],
      }),
    };
    const api = fakeApi({ '/expert_advisors': list(TREND, RSI), '/expert_advisors/1': { data: detail } });
    const { router } = mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Details of Trend Rider' }));
    await waitFor(() => expect(search(router)).toBe('?item=1'));
    const dialog = await screen.findByTestId('advisor-detail');
    expect(within(dialog).getByRole('heading', { name: 'Trend Rider' })).toBeTruthy();
    expect(within(dialog).getByText('How it trades')).toBeTruthy();
    expect(within(dialog).getByText('Moving Average Crossover on EUR/USD, 1-hour bars')).toBeTruthy();
    expect(within(dialog).getByText('Whipsaws in ranging markets.')).toBeTruthy();
    expect(within(dialog).getByText('Trailing stop')).toBeTruthy();
    expect(
      await within(dialog).findByRole('img', { name: 'Backtest equity from $10,000.00 to $9,500.00' }),
    ).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/expert_advisors/1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(search(router)).toBe(''));
    expect(screen.queryByTestId('advisor-detail')).toBeNull();
  });

  it("says 'Expert Advisor not found' for an item id in the address that does not exist", async () => {
    fakeApi({
      '/expert_advisors': list(TREND),
      '/expert_advisors/999': new ApiFailure(404, { message: 'Expert Advisor not found', code: 'NOT_FOUND' }),
    });
    mount('/main/marketplace?item=999');
    const dialog = await screen.findByTestId('advisor-detail');
    expect(await within(dialog).findByRole('heading', { name: 'Expert Advisor not found' })).toBeTruthy();
  });

  it("says 'Expert Advisor not found' for an item id that is not a number", async () => {
    fakeApi({ '/expert_advisors': list(TREND) });
    mount('/main/marketplace?item=abc');
    const dialog = await screen.findByTestId('advisor-detail');
    expect(within(dialog).getByRole('heading', { name: 'Expert Advisor not found' })).toBeTruthy();
  });
});
