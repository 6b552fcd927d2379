import { formatPrice, quote } from '@openbroker/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { ASSETS_FETCH_FAILED, useAssetStore } from '@/stores/assetStore';
import { priceStore } from '@/stores/priceStore';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { loadAssets, manyAssets, resetAssets, stubLayout, visibleText } from '../testing';
import { MARKET_WATCH_ROW_HEIGHT, MarketWatchPanel } from './MarketWatchPanel';

const VIEWPORT = 600;

// Counts each row's renders by instrument, through the real hook.
const priceReads = vi.hoisted(() => new Map<number, number>());
vi.mock('@/features/market/usePrice', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/features/market/usePrice')>();
  return {
    usePrice: (...args: Parameters<typeof actual.usePrice>) => {
      const [id] = args;
      if (typeof id === 'number') priceReads.set(id, (priceReads.get(id) ?? 0) + 1);
      return actual.usePrice(...args);
    },
  };
});

function renderPanel() {
  return renderRoutes([{ path: '/', element: <MarketWatchPanel /> }], '/');
}

const list = () => screen.getByRole('listbox', { name: 'Instruments' });
const rows = () => within(list()).getAllByRole('option');
const scroller = () => {
  const el = list().parentElement;
  if (!el) throw new Error('no scroll container');
  return el;
};

describe('Market Watch panel (SPEC §2, §8; DESIGN §9)', () => {
  stubLayout(VIEWPORT);
  beforeEach(() => {
    resetAssets();
  });

  it('renders only a window of rows for 2,000 instruments', () => {
    const assets = manyAssets(2_000);
    loadAssets(assets);
    renderPanel();
    expect(list().getAttribute('data-total')).toBe('2000');
    const shown = rows().length;
    expect(shown).toBeGreaterThanOrEqual(Math.floor(VIEWPORT / MARKET_WATCH_ROW_HEIGHT));
    expect(shown).toBeLessThan(40);
    // The list is as tall as all its rows, so the scrollbar tells the truth.
    expect(list().style.height).toBe(`${2_000 * MARKET_WATCH_ROW_HEIGHT}px`);
    expect(screen.getByText('2,000 instruments')).toBeTruthy();
  });

  it('moves the window when scrolled, still mounting only a few rows', () => {
    loadAssets(manyAssets(2_000));
    renderPanel();
    expect(screen.queryByRole('option', { name: /^S1000\/USD / })).toBeNull();
    act(() => {
      scroller().scrollTop = 999 * MARKET_WATCH_ROW_HEIGHT;
      fireEvent.scroll(scroller());
    });
    expect(screen.getByRole('option', { name: /^S1000\/USD / })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /^S1\/USD / })).toBeNull();
    expect(rows().length).toBeLessThan(40);
  });

  it('shows live prices per row and updates a row on its own tick', () => {
    const assets = manyAssets(50);
    loadAssets(assets);
    renderPanel();
    const row = screen.getByRole('option', { name: /^S2\/USD / });
    const before = quote(1.2345, 0.0001, 0.0002);
    expect(visibleText(row)).toContain(`${formatPrice(before.bid, 5)} ${formatPrice(before.ask, 5)}`);
    const other = screen.getByRole('option', { name: /^S3\/USD / });
    const otherText = visibleText(other);
    act(() => {
      priceStore.applyUpdates([{ id: 2, price: 1.5 }]);
    });
    const after = quote(1.5, 0.0001, 0.0002);
    const bid = within(row).getByText(formatPrice(after.bid, 5));
    expect(within(row).getByText(formatPrice(after.ask, 5))).toBeTruthy();
    // SPEC §4: a rise flashes green; the neighbouring row is untouched.
    expect(bid.className).toContain('text-buy');
    expect(visibleText(other)).toBe(otherText);
  });

  it('re-renders only the row whose instrument ticked, not the list', () => {
    loadAssets(manyAssets(2_000));
    renderPanel();
    const mounted = rows().length;
    priceReads.clear();
    act(() => {
      priceStore.applyUpdates([{ id: 3, price: 2 }]);
    });
    expect([...priceReads.keys()]).toEqual([3]);
    expect(rows()).toHaveLength(mounted);
    // A tick for an instrument scrolled out of view renders nothing at all.
    priceReads.clear();
    act(() => {
      priceStore.applyUpdates([{ id: 1_500, price: 2 }]);
    });
    expect(priceReads.size).toBe(0);
  });

  it('searches by symbol or name', () => {
    loadAssets(manyAssets(2_000));
    renderPanel();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search market watch' }), {
      target: { value: 's1999' },
    });
    expect(rows().map((r) => r.dataset.symbol)).toEqual(['S1999/USD']);
    expect(screen.getByRole('option', { name: /^S1999\/USD \S+ Instrument 1999 / })).toBeTruthy();
    expect(screen.getByText('1 of 2,000 instruments')).toBeTruthy();
  });

  it('clicking a row opens the pair and makes it active', () => {
    const assets = manyAssets(20);
    loadAssets(assets);
    renderPanel();
    fireEvent.click(screen.getByRole('option', { name: /^S5\/USD / }));
    const state = useAssetStore.getState();
    expect(state.activeAsset?.id).toBe(5);
    expect(state.activePairs.map((p) => p.id)).toEqual([1, 5]);
    expect(screen.getByRole('option', { name: /^S5\/USD / }).getAttribute('aria-current')).toBe('true');
  });

  it("says 'Loading assets...' while the catalogue loads", () => {
    useAssetStore.setState({ status: 'loading', assets: [] });
    renderPanel();
    expect(screen.getByText('Loading assets...')).toBeTruthy();
  });

  it("says 'Failed to load assets' with the reason, and Retry fetches again", async () => {
    useAssetStore.setState({ status: 'error', error: ASSETS_FETCH_FAILED, assets: [] });
    renderPanel();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Failed to load assets')).toBeTruthy();
    expect(within(alert).getByText('Failed to fetch assets. Please try again later.')).toBeTruthy();
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: manyAssets(3) }));
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    });
    expect(get).toHaveBeenCalledWith('/assets');
    expect(rows()).toHaveLength(3);
  });

  it("says 'No assets found' when nothing matches", () => {
    loadAssets(manyAssets(10));
    renderPanel();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search market watch' }), {
      target: { value: 'nothing like this' },
    });
    expect(screen.getByText('No assets found')).toBeTruthy();
    expect(screen.queryByRole('listbox', { name: 'Instruments' })).toBeNull();
  });
});
