import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Asset } from '@/api/assets';
import { useOrderFormStore } from '@/features/order/orderFormStore';
import { useSelectedPosition } from '@/features/positions/selectedPosition';
import { testSummary } from '@/features/positions/testing';
import { BTC, EURUSD, GBPUSD } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { TerminalPage } from './TerminalPage';
import { loadAssets, renderWithApp, resetAssets, serveGet, stubLayout, tradePage } from './testing';

// The other teams' parts are contracts here: stand-ins show what the page handed them.
vi.mock('@/features/chart/ChartPanel', () => ({
  ChartPanel: ({ asset }: { asset: Asset }) => <div data-testid="chart-panel">Chart of {asset.sy}</div>,
}));
vi.mock('@/features/positions/PositionsDrawer', () => ({
  PositionsDrawer: () => <div data-testid="positions-drawer" />,
}));
vi.mock('@/features/order/OrderFormHost', () => ({
  OrderFormHost: () => <div data-testid="order-form-host" />,
}));
vi.mock('@/features/order/TradeDialogsHost', () => ({
  TradeDialogsHost: () => <div data-testid="trade-dialogs-host" />,
}));

type HappyWindow = Window & { happyDOM?: { setViewport(v: { width: number; height: number }): void } };

function setViewport(width: number, height = 900) {
  const w: HappyWindow = window;
  act(() => w.happyDOM?.setViewport({ width, height }));
}

function renderTerminal() {
  return renderWithApp(<TerminalPage />, [{ path: '/main/dashboard', element: <p>Dashboard</p> }]);
}

const rail = () => screen.getByTestId('left-rail');
const railButton = (name: string) => within(rail()).getByRole('button', { name });

describe('/mt4 terminal page (SPEC §2)', () => {
  stubLayout(600, 1200);
  beforeEach(() => {
    resetAssets();
    loadAssets([BTC, EURUSD, GBPUSD], [BTC, EURUSD], BTC);
    useSessionStore.setState({ user: sessionUser() });
    useOrderFormStore.setState({ open: false, side: 'buy', assetId: null });
    serveGet({
      '/shared-data': { expert_advisors: [] },
      '/account/summary': testSummary(),
      '/open/trades': tradePage([]),
      '/pending/orders': tradePage([]),
      '/closed/trades': tradePage([]),
      '/calendar': [],
      '/news': [],
    });
    setViewport(1440);
  });
  afterEach(() => {
    setViewport(1024, 768);
  });

  it('lays out the regions and mounts the other teams’ parts once', async () => {
    renderTerminal();
    for (const id of ['terminal', 'pair-tabs', 'left-rail', 'buy-button', 'sell-button', 'watch-list']) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    expect(screen.getAllByTestId('positions-drawer')).toHaveLength(1);
    expect(screen.getAllByTestId('order-form-host')).toHaveLength(1);
    expect(screen.getAllByTestId('trade-dialogs-host')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Go to dashboard$/ }).getAttribute('href')).toBe(
      '/main/dashboard',
    );
    expect(await screen.findByText('No Expert Advisors available')).toBeTruthy();
  });

  it('draws the chart (loaded lazily) for the active asset and follows the tabs', async () => {
    renderTerminal();
    expect((await screen.findByTestId('chart-panel')).textContent).toBe('Chart of BTC/USD');
    fireEvent.click(within(screen.getByTestId('pair-tabs')).getByRole('button', { name: 'EUR/USD' }));
    expect(screen.getByTestId('chart-panel').textContent).toBe('Chart of EUR/USD');
  });

  it('BUY and SELL show the live ask and bid with 4 decimals and open the order form', () => {
    renderTerminal();
    const buy = screen.getByTestId('buy-button');
    const sell = screen.getByTestId('sell-button');
    expect(screen.getByRole('button', { name: /^BUY/ })).toBe(buy);
    expect(screen.getByRole('button', { name: /^SELL/ })).toBe(sell);
    expect(buy.textContent).toMatch(/^BUY ?\d+\.\d{4}$/);
    expect(sell.textContent).toMatch(/^SELL ?\d+\.\d{4}$/);
    fireEvent.click(buy);
    expect(useOrderFormStore.getState()).toMatchObject({ open: true, side: 'buy', assetId: BTC.id });
    fireEvent.click(sell);
    expect(useOrderFormStore.getState()).toMatchObject({ open: true, side: 'sell', assetId: BTC.id });
  });

  it('New Order opens the order form for the active asset', () => {
    renderTerminal();
    fireEvent.click(screen.getByRole('button', { name: 'New Order' }));
    expect(useOrderFormStore.getState()).toMatchObject({ open: true, side: 'buy', assetId: BTC.id });
  });

  it('has the six rail buttons in order; selecting one opens its panel, selecting it again closes it', async () => {
    renderTerminal();
    expect(
      within(rail())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Trade Room', 'Market Watch', 'Active Orders', 'Trading History', 'Calendar', 'Market News']);
    expect(screen.queryByTestId('market-watch')).toBeNull();

    fireEvent.click(railButton('Market Watch'));
    expect(screen.getByTestId('market-watch')).toBeTruthy();
    expect(railButton('Market Watch').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(railButton('Market Watch'));
    expect(screen.queryByTestId('market-watch')).toBeNull();
    expect(railButton('Market Watch').getAttribute('aria-pressed')).toBe('false');
  });

  it('switches between panels, one at a time, and closes from the panel header', async () => {
    renderTerminal();
    fireEvent.click(railButton('Active Orders'));
    expect(await screen.findByText('No active orders found')).toBeTruthy();
    fireEvent.click(railButton('Trading History'));
    expect(await screen.findByText('No trading history found')).toBeTruthy();
    expect(screen.queryByTestId('active-orders')).toBeNull();
    expect(railButton('Active Orders').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(screen.queryByTestId('trading-history')).toBeNull();
  });

  it('Trade Room shows the live account overview and quick BUY/SELL of the active asset', async () => {
    renderTerminal();
    fireEvent.click(railButton('Trade Room'));
    const room = screen.getByTestId('trade-room');
    await waitFor(() => expect(within(room).getByText('Equity')).toBeTruthy());
    expect(within(room).getAllByText('$10,000.00').length).toBeGreaterThanOrEqual(3);
    expect(within(room).getByText('∞')).toBeTruthy();
    fireEvent.click(within(room).getByRole('button', { name: /^SELL/ }));
    expect(useOrderFormStore.getState()).toMatchObject({ open: true, side: 'sell', assetId: BTC.id });
  });

  it('collapses and restores the right sidebar', () => {
    renderTerminal();
    fireEvent.click(screen.getByRole('button', { name: 'Hide watch list' }));
    expect(screen.queryByTestId('watch-list')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show watch list' }));
    expect(screen.getByTestId('watch-list')).toBeTruthy();
    expect(screen.getByTestId('clock')).toBeTruthy();
  });

  it('on a phone the sidebar starts collapsed and the two overlays never stack', () => {
    setViewport(390, 844);
    renderTerminal();
    expect(screen.queryByTestId('watch-list')).toBeNull();
    fireEvent.click(railButton('Market Watch'));
    expect(screen.getByTestId('market-watch')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show watch list' }));
    expect(screen.getByTestId('watch-list')).toBeTruthy();
    expect(screen.queryByTestId('market-watch')).toBeNull();
    fireEvent.click(railButton('Calendar'));
    expect(screen.getByTestId('calendar')).toBeTruthy();
    expect(screen.queryByTestId('watch-list')).toBeNull();
  });

  it('has one hidden page heading that names the tab', () => {
    renderTerminal();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Terminal');
    expect(heading.className).toContain('sr-only');
    expect(document.title).toMatch(/^Terminal/);
  });

  it('keyboard shortcuts: B and S open the order form, C closes the selected position, digits switch panels', () => {
    renderTerminal();
    fireEvent.keyDown(document.body, { key: 'b' });
    expect(useOrderFormStore.getState()).toMatchObject({ open: true, side: 'buy', assetId: BTC.id });
    useOrderFormStore.setState({ open: false });
    fireEvent.keyDown(document.body, { key: 'S' });
    expect(useOrderFormStore.getState()).toMatchObject({ open: true, side: 'sell', assetId: BTC.id });

    const before = useSelectedPosition.getState().closeRequest;
    fireEvent.keyDown(document.body, { key: 'c' });
    expect(useSelectedPosition.getState().closeRequest).toBe(before + 1);

    fireEvent.keyDown(document.body, { key: '2' });
    expect(screen.getByTestId('market-watch')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: '2' });
    expect(screen.queryByTestId('market-watch')).toBeNull();

    // Not while typing, nor with a browser modifier.
    useOrderFormStore.setState({ open: false });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search watch list' }), { key: 'b' });
    fireEvent.keyDown(document.body, { key: 'b', ctrlKey: true });
    expect(useOrderFormStore.getState().open).toBe(false);
  });

  it('"?" and the header button open the list of shortcuts', async () => {
    renderTerminal();
    fireEvent.keyDown(document.body, { key: '?' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Buy the active instrument (opens the order form)')).toBeTruthy();
    expect(within(dialog).getByText('Open or close Market Watch')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('the watch list is one Tab stop: arrows move between rows and Enter opens the instrument', async () => {
    renderTerminal();
    const list = screen.getByRole('listbox', { name: 'Watch list instruments' });
    const options = within(list).getAllByRole('option');
    expect(options.filter((o) => o.tabIndex === 0)).toHaveLength(1);
    const first = options[0] as HTMLElement;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() =>
      expect((document.activeElement as HTMLElement | null)?.dataset.symbol).toBe('EUR/USD'),
    );
    const second = document.activeElement as HTMLElement;
    expect(second.tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    // Enter does what a click does (the native button).
    fireEvent.click(second);
    expect(useAssetStore.getState().activeAsset?.id).toBe(EURUSD.id);
  });
});
