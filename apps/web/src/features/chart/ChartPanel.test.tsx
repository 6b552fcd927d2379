import type { Candle, CandleInterval } from '@openbroker/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, testTrade, tradePage } from '@/features/positions/testing';
import type { CandleListener, PricesClient } from '@/realtime/pricesSocket';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { createPriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ChartPanel } from './ChartPanel';

/** A recording stand-in for lightweight-charts (no canvas in happy-dom). */
const fake = vi.hoisted(() => {
  interface FakeSeries {
    kind: string;
    options: unknown;
    data: unknown[];
    updates: unknown[];
    lines: { options: { price: number; title: string; color: string }; removed: boolean }[];
    setData(d: unknown[]): void;
    update(d: unknown): void;
    applyOptions(o: unknown): void;
    createPriceLine(o: { price: number; title: string; color: string }): unknown;
    removePriceLine(l: unknown): void;
  }
  const state = {
    charts: [] as {
      series: FakeSeries[];
      removed: FakeSeries[];
      crosshair: ((p: unknown) => void) | null;
      disposed: boolean;
      options: unknown;
    }[],
  };
  const makeSeries = (kind: string, options: unknown): FakeSeries => {
    const s: FakeSeries = {
      kind,
      options,
      data: [],
      updates: [],
      lines: [],
      setData(d) {
        s.data = d;
      },
      update(d) {
        s.updates.push(d);
      },
      applyOptions(o) {
        // Like lightweight-charts: options given later are merged into the series' options.
        s.options = { ...(s.options as object), ...(o as object) };
      },
      createPriceLine(o) {
        const line = { options: o, removed: false };
        s.lines.push(line);
        return line;
      },
      removePriceLine(l) {
        for (const line of s.lines) if (line === l) line.removed = true;
      },
    };
    return s;
  };
  return { state, makeSeries };
});

vi.mock('lightweight-charts', () => ({
  CandlestickSeries: { type: 'Candlestick' },
  LineSeries: { type: 'Line' },
  AreaSeries: { type: 'Area' },
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
  LineStyle: { Solid: 0, Dashed: 2 },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
  createChart: (_el: HTMLElement, options: unknown) => {
    const chart = {
      series: [] as ReturnType<typeof fake.makeSeries>[],
      removed: [] as ReturnType<typeof fake.makeSeries>[],
      crosshair: null as ((p: unknown) => void) | null,
      disposed: false,
      options,
    };
    fake.state.charts.push(chart);
    return {
      addSeries: (def: { type: string }, opts: unknown) => {
        const s = fake.makeSeries(def.type, opts);
        chart.series.push(s);
        return s;
      },
      removeSeries: (s: ReturnType<typeof fake.makeSeries>) => {
        chart.removed.push(s);
        chart.series = chart.series.filter((x) => x !== s);
      },
      applyOptions: (o: object) => {
        chart.options = { ...(chart.options as object), ...o };
      },
      timeScale: () => ({ fitContent: () => {}, setVisibleLogicalRange: () => {} }),
      subscribeCrosshairMove: (h: (p: unknown) => void) => {
        chart.crosshair = h;
      },
      unsubscribeCrosshairMove: () => {
        chart.crosshair = null;
      },
      remove: () => {
        chart.disposed = true;
      },
    };
  },
}));

const BTC = testAsset({
  id: 11,
  symbol: 'BTCUSD',
  symbol_display: 'BTC/USD',
  type: 'crypto',
  rate: 100,
  decimals: 2,
});
const T0 = Date.UTC(2025, 0, 2, 10, 0);
const CANDLES: Candle[] = [
  { time: T0, open: 100, high: 105, low: 99, close: 104, volume: 1 },
  { time: T0 + 60_000, open: 104, high: 106, low: 101, close: 102, volume: 1 },
];

function fakePrices() {
  const subs: { id: number; interval: CandleInterval; listener: CandleListener; active: boolean }[] = [];
  const client: PricesClient = {
    getState: () => ({ status: 'connected', error: null }),
    subscribeState: () => () => {},
    connect: () => {},
    disconnect: () => {},
    subscribeCandles(id, interval, listener) {
      const sub = { id, interval, listener, active: true };
      subs.push(sub);
      return () => {
        sub.active = false;
      };
    },
  };
  return { client, subs };
}

const chart = () => {
  const c = fake.state.charts.at(-1);
  if (!c) throw new Error('no chart');
  return c;
};
const series = () => {
  const s = chart().series.at(-1);
  if (!s) throw new Error('no series');
  return s;
};

describe('ChartPanel (SPEC §2 centre chart, §9 1-minute default)', () => {
  beforeEach(() => {
    fake.state.charts = [];
    useSessionStore.setState({ user: sessionUser(), selectedAccountIndex: 0 });
    useAssetStore.setState({ assets: [BTC], status: 'loaded' });
  });

  it('draws the server candles at 1m, switches interval and style, and cleans up on unmount', async () => {
    const get = fakeApi({ candles: CANDLES });
    const { client } = fakePrices();
    const view = renderRoutes(
      [{ path: '*', element: <ChartPanel asset={BTC} prices={client} store={createPriceStore()} /> }],
      '/',
    );
    await waitFor(() => expect(series().data).toHaveLength(2));
    expect(get).toHaveBeenCalledWith('/assets/11/candles', { params: { interval: '1m' } });
    expect(series().kind).toBe('Candlestick');
    expect(series().data[0]).toEqual({ time: T0 / 1000, open: 100, high: 105, low: 99, close: 104 });
    expect(screen.getByRole('button', { name: '1m' }).getAttribute('aria-pressed')).toBe('true');
    // Six intervals the server offers.
    for (const i of ['1m', '5m', '15m', '1h', '4h', '1d'])
      expect(screen.getByRole('button', { name: i })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '5m' }));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/assets/11/candles', { params: { interval: '5m' } }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Line' }));
    expect(series().kind).toBe('Line');
    await waitFor(() => expect(series().data[1]).toEqual({ time: (T0 + 60_000) / 1000, value: 102 }));
    expect(chart().removed.map((s) => s.kind)).toEqual(['Candlestick']);
    fireEvent.click(screen.getByRole('button', { name: 'Area' }));
    expect(series().kind).toBe('Area');

    view.unmount();
    expect(chart().disposed).toBe(true);
  });

  it('follows live candles from the price socket for its instrument and interval', async () => {
    fakeApi({ candles: CANDLES });
    const { client, subs } = fakePrices();
    const view = renderRoutes(
      [{ path: '*', element: <ChartPanel asset={BTC} prices={client} store={createPriceStore()} /> }],
      '/',
    );
    await waitFor(() => expect(series().data).toHaveLength(2));
    const sub = subs.find((s) => s.active);
    expect(sub).toMatchObject({ id: 11, interval: '1m' });

    act(() => {
      sub?.listener({ time: T0 + 60_000, open: 104, high: 108, low: 101, close: 107, volume: 2 });
      sub?.listener({ time: T0 + 120_000, open: 107, high: 107, low: 106, close: 106.5, volume: 1 });
      // Older than the last bar: ignored.
      sub?.listener({ time: T0, open: 1, high: 1, low: 1, close: 1, volume: 1 });
    });
    expect(series().updates).toEqual([
      { time: (T0 + 60_000) / 1000, open: 104, high: 108, low: 101, close: 107 },
      { time: (T0 + 120_000) / 1000, open: 107, high: 107, low: 106, close: 106.5 },
    ]);
    // The legend shows the latest bar while the crosshair is away.
    const legend = screen.getByTestId('chart-legend');
    expect(legend.querySelector('[data-ohlc="close"]')?.textContent).toBe('106.50');

    view.unmount();
    expect(subs.every((s) => !s.active)).toBe(true);
  });

  it('moves the last candle with price ticks when no socket candles come', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0 + 65_000);
    try {
      fakeApi({ candles: CANDLES });
      const store = createPriceStore();
      store.applyAll([BTC]);
      renderRoutes(
        [{ path: '*', element: <ChartPanel asset={BTC} prices={fakePrices().client} store={store} /> }],
        '/',
      );
      await waitFor(() => expect(series().data).toHaveLength(2));
      act(() => {
        store.applyUpdates([{ id: BTC.id, price: 109, lastUpdated: T0 + 65_000 }]);
      });
      // Ticks reach the chart on the next animation frame.
      await waitFor(() =>
        expect(series().updates.at(-1)).toEqual({
          time: (T0 + 60_000) / 1000,
          open: 104,
          high: 109,
          low: 101,
          close: 109,
        }),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows OHLC of the bar under the crosshair', async () => {
    fakeApi({ candles: CANDLES });
    renderRoutes(
      [
        {
          path: '*',
          element: <ChartPanel asset={BTC} prices={fakePrices().client} store={createPriceStore()} />,
        },
      ],
      '/',
    );
    await waitFor(() => expect(series().data).toHaveLength(2));
    act(() => {
      chart().crosshair?.({ time: T0 / 1000, point: { x: 10, y: 10 }, seriesData: new Map() });
    });
    const legend = screen.getByTestId('chart-legend');
    const ohlc = (k: string) => legend.querySelector(`[data-ohlc="${k}"]`)?.textContent;
    expect([ohlc('open'), ohlc('high'), ohlc('low'), ohlc('close')]).toEqual([
      '100.00',
      '105.00',
      '99.00',
      '104.00',
    ]);
    expect(legend.textContent).toContain('BTC/USD · 1m');
    expect(legend.textContent).toContain('+4.00%');

    act(() => {
      chart().crosshair?.({ seriesData: new Map() });
    });
    expect(ohlc('close')).toBe('102.00');
  });

  it("draws the asset's open positions as labelled entry, TP and SL price lines", async () => {
    fakeApi({
      candles: CANDLES,
      open: [
        tradePage([
          testTrade({
            id: 5,
            asset_id: BTC.id,
            volume: 0.1,
            opening_price: 101.5,
            take_profit: 110,
            stop_loss: 95,
          }),
          testTrade({ id: 6, trade_type: 'sell', asset_id: BTC.id, volume: 2, opening_price: 103 }),
          // Another instrument: not on this chart.
          testTrade({ id: 7, asset_id: 99, opening_price: 1.2, take_profit: 1.3 }),
        ]),
      ],
    });
    renderRoutes(
      [
        {
          path: '*',
          element: <ChartPanel asset={BTC} prices={fakePrices().client} store={createPriceStore()} />,
        },
      ],
      '/',
    );
    await waitFor(() => expect(series().lines.filter((l) => !l.removed)).toHaveLength(4));
    const drawn = series()
      .lines.filter((l) => !l.removed)
      .map((l) => [l.options.title, l.options.price]);
    expect(drawn).toEqual([
      ['BUY 0.10 #5', 101.5],
      ['TP #5', 110],
      ['SL #5', 95],
      ['SELL 2.00 #6', 103],
    ]);

    // A style change redraws the lines on the new series.
    fireEvent.click(screen.getByRole('button', { name: 'Area' }));
    expect(series().lines).toHaveLength(4);
  });
});
