import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { renderRoutes } from '@/test/render';
import { AddAssetDialog } from './AddAssetDialog';
import { loadAssets, resetAssets, stubLayout, visibleText } from './testing';

const BTC = testAsset({
  id: 1,
  symbol: 'BTCUSD',
  sy: 'BTC/USD',
  name: 'Bitcoin / US Dollar',
  type: 'crypto',
});
const EURUSD = testAsset({ id: 2, symbol: 'EURUSD', sy: 'EUR/USD', name: 'Euro / US Dollar' });
const GBPUSD = testAsset({ id: 3, symbol: 'GBPUSD', sy: 'GBP/USD', name: 'British Pound / US Dollar' });
const AAPL = testAsset({
  id: 4,
  symbol: 'AAPL',
  sy: 'AAPL',
  name: 'Apple Inc.',
  type: 'stocks',
  category: 'S&P 500',
  rate: 230,
  change_percent: 1.25,
});
const SPY = testAsset({
  id: 5,
  symbol: 'SPY',
  sy: 'SPY',
  name: 'SPDR S&P 500 ETF',
  type: 'stocks',
  category: 'ETF',
});
const GOLD = testAsset({ id: 6, symbol: 'XAUUSD', sy: 'XAU/USD', name: 'Gold', type: 'metals' });
const OIL = testAsset({ id: 7, symbol: 'USOIL', sy: 'USOIL', name: 'WTI Crude Oil', type: 'commodities' });
const US500 = testAsset({ id: 8, symbol: 'US500', sy: 'US500', name: 'S&P 500 Index', type: 'indices' });
const ALL = [BTC, EURUSD, GBPUSD, AAPL, SPY, GOLD, OIL, US500];

function open() {
  renderRoutes([{ path: '/', element: <AddAssetDialog /> }], '/');
  fireEvent.click(screen.getByRole('button', { name: 'Add pair' }));
  return screen.getByTestId('add-asset-dialog');
}

function shownSymbols(dialog: HTMLElement): string[] {
  const table = within(dialog).queryByRole('listbox');
  if (!table) return [];
  return within(table)
    .getAllByRole('option')
    .map((b) => b.dataset.symbol ?? '');
}

const tab = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('tab', { name });

describe('add-asset dialog (SPEC §2 top bar)', () => {
  stubLayout(500, 600);
  beforeEach(() => {
    resetAssets();
    loadAssets(ALL, [BTC], BTC);
  });

  it("opens on Forex with SPEC's five category tabs and the table's columns", () => {
    const dialog = open();
    expect(within(dialog).getAllByRole('tab').map(visibleText)).toEqual([
      'Forex2',
      'Stock1',
      'Crypto1',
      'Commodities2',
      'ETFs2',
    ]);
    expect(tab(dialog, /^Forex/).getAttribute('aria-selected')).toBe('true');
    for (const column of ['Symbol', 'Sell', 'Buy', 'Spread', 'Change']) {
      expect(within(dialog).getByText(column)).toBeTruthy();
    }
    expect(shownSymbols(dialog)).toEqual(['EUR/USD', 'GBP/USD']);
  });

  it('filters by category: stocks without ETFs, ETFs with indices, metals with commodities', () => {
    const dialog = open();
    fireEvent.click(tab(dialog, /^Stock/));
    expect(shownSymbols(dialog)).toEqual(['AAPL']);
    fireEvent.click(tab(dialog, /^ETFs/));
    expect(shownSymbols(dialog)).toEqual(['SPY', 'US500']);
    fireEvent.click(tab(dialog, /^Commodities/));
    expect(shownSymbols(dialog)).toEqual(['XAU/USD', 'USOIL']);
    fireEvent.click(tab(dialog, /^Crypto/));
    expect(shownSymbols(dialog)).toEqual(['BTC/USD']);
    expect(tab(dialog, /^Crypto/).getAttribute('aria-selected')).toBe('true');
  });

  it('searches within the tab, with per-tab match counts', () => {
    const dialog = open();
    const search = within(dialog).getByRole('searchbox', { name: 'Search assets' });
    fireEvent.change(search, { target: { value: 'gbp' } });
    expect(shownSymbols(dialog)).toEqual(['GBP/USD']);
    fireEvent.change(search, { target: { value: 's&p' } });
    expect(shownSymbols(dialog)).toEqual([]);
    expect(within(dialog).getByText('No assets found')).toBeTruthy();
    expect(visibleText(tab(dialog, /^ETFs/))).toBe('ETFs2');
    expect(visibleText(tab(dialog, /^Stock/))).toBe('Stock0');
    fireEvent.click(tab(dialog, /^ETFs/));
    expect(shownSymbols(dialog)).toEqual(['SPY', 'US500']);
  });

  it('shows live Sell, Buy, Spread and Change for each row', () => {
    const dialog = open();
    fireEvent.click(tab(dialog, /^Stock/));
    const row = within(dialog).getByRole('option', { name: /^AAPL Apple Inc\. / });
    const text = visibleText(row);
    // 230 with a 0.0002 sell and 0.0001 buy spread, at the asset's 5 decimals.
    expect(text).toContain('229.95400');
    expect(text).toContain('230.02300');
    expect(text).toContain('0.06900');
    expect(text).toContain('+1.25%');
  });

  it('clicking a row adds the pair, makes it active and closes the dialog', () => {
    const dialog = open();
    fireEvent.click(within(dialog).getByRole('option', { name: /^GBP\/USD / }));
    const state = useAssetStore.getState();
    expect(state.activePairs.map((p) => p.sy)).toEqual(['BTC/USD', 'GBP/USD']);
    expect(state.activeAsset?.id).toBe(GBPUSD.id);
    expect(state.activePair).toBe('GBP/USD');
    expect(screen.queryByTestId('add-asset-dialog')).toBeNull();
  });

  it("shows SPEC's asset states inside the dialog", () => {
    useAssetStore.setState({ status: 'loading', assets: [] });
    const dialog = open();
    expect(within(dialog).getByText('Loading assets...')).toBeTruthy();
  });
});
