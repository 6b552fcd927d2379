import type { Candle, CandleInterval } from '@openbroker/domain';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type MouseEventParams,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { formatDate } from '@/i18n/format';
import type { ResolvedTheme } from '@/stores/themeStore';
import { applyCandle, candleFromTick } from './candles';
import { LINE_COLORS, type PositionLine } from './positionLines';

export type ChartStyle = 'candles' | 'line' | 'area';

/** The app's two themes (index.css) in the chart's own terms. */
export const CHART_THEMES = {
  dark: {
    background: '#07090e',
    text: '#939cae',
    grid: '#141a25',
    border: '#222a38',
    crosshair: '#5b6478',
    label: '#1b2230',
    up: '#26c281',
    down: '#f57c7c',
    line: '#73a3f7',
    areaTop: 'rgba(115, 163, 247, 0.35)',
    areaBottom: 'rgba(115, 163, 247, 0.02)',
  },
  light: {
    background: '#ffffff',
    text: '#525c6e',
    grid: '#eceff4',
    border: '#d9dee7',
    crosshair: '#8a93a6',
    label: '#525c6e',
    up: '#0c8a5a',
    down: '#c62f2f',
    line: '#1a4bbd',
    areaTop: 'rgba(26, 75, 189, 0.25)',
    areaBottom: 'rgba(26, 75, 189, 0.02)',
  },
} as const;
type ChartPalette = (typeof CHART_THEMES)[ResolvedTheme];

function chartOptions(p: ChartPalette) {
  return {
    layout: { background: { type: ColorType.Solid, color: p.background }, textColor: p.text },
    grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
    crosshair: {
      vertLine: { color: p.crosshair, labelBackgroundColor: p.label },
      horzLine: { color: p.crosshair, labelBackgroundColor: p.label },
    },
    rightPriceScale: { borderColor: p.border },
    timeScale: { borderColor: p.border },
  };
}

function seriesColours(style: ChartStyle, p: ChartPalette) {
  switch (style) {
    case 'candles':
      return {
        upColor: p.up,
        downColor: p.down,
        borderUpColor: p.up,
        borderDownColor: p.down,
        wickUpColor: p.up,
        wickDownColor: p.down,
      };
    case 'line':
      return { color: p.line };
    case 'area':
      return { lineColor: p.line, topColor: p.areaTop, bottomColor: p.areaBottom };
  }
}

/** While live candles arrive from the socket, price ticks do not move the chart themselves. */
export const SOCKET_CANDLE_FRESH_MS = 3_000;

/** How many bars a freshly loaded chart shows at most (fewer on narrow screens). */
export const VISIBLE_BARS = 150;

export interface LegendState {
  bar: Candle | null;
  /** Whether `bar` is the one under the crosshair (else it is the latest). */
  hovering: boolean;
}

export interface ChartEngine {
  setStyle(style: ChartStyle): void;
  /** Recolours the chart for the page's theme. */
  setTheme(theme: ResolvedTheme): void;
  setPriceFormat(decimals: number): void;
  /** Replaces the history; `fit` scrolls to show it whole (a new instrument or interval). */
  setData(bars: readonly Candle[], fit: boolean): void;
  /** Forgets the history while the next one loads; live updates are ignored until it arrives. */
  reset(): void;
  /** A live candle from the price socket. */
  pushCandle(candle: Candle): void;
  /** A live price, used only when no socket candle has come for a while. */
  pushTick(price: number, atMs: number, interval: CandleInterval): void;
  setLines(lines: readonly PositionLine[]): void;
  getLegend(): LegendState;
  subscribeLegend(listener: () => void): () => void;
  destroy(): void;
}

type AnySeries =
  | { style: 'candles'; api: ISeriesApi<'Candlestick'> }
  | { style: 'line'; api: ISeriesApi<'Line'> }
  | { style: 'area'; api: ISeriesApi<'Area'> };

const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

const timeOf = (time: Time): number | null => (typeof time === 'number' ? time : null);

const HH_MM: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Axis labels in the viewer's time zone (the chart itself counts in UTC seconds). */
function tickLabel(time: Time, type: TickMarkType): string | null {
  const seconds = timeOf(time);
  if (seconds === null) return null;
  const d = new Date(seconds * 1000);
  switch (type) {
    case TickMarkType.Year:
      return String(d.getFullYear());
    case TickMarkType.Month:
      return formatDate(d, { month: 'short' });
    case TickMarkType.DayOfMonth:
      return formatDate(d, { day: 'numeric', month: 'short' });
    case TickMarkType.TimeWithSeconds:
      return formatDate(d, { ...HH_MM, second: '2-digit' });
    default:
      return formatDate(d, HH_MM);
  }
}

/** "Nov 22, 2026, 14:05" (in the reader's language) in the viewer's time zone, for the crosshair. */
export function formatChartTime(seconds: number): string {
  return formatDate(new Date(seconds * 1000), { day: 'numeric', month: 'short', year: 'numeric', ...HH_MM });
}

/**
 * The chart outside React: lightweight-charts with the series, history, live updates, position
 * lines and crosshair legend of one instrument. React only tells it what changed.
 */
export function createChartEngine(container: HTMLElement, theme: ResolvedTheme = 'dark'): ChartEngine {
  let palette: ChartPalette = CHART_THEMES[theme];
  const themed = chartOptions(palette);
  const chart: IChartApi = createChart(container, {
    // Follows the container with a ResizeObserver.
    autoSize: true,
    layout: { ...themed.layout, fontSize: 12, attributionLogo: false },
    grid: themed.grid,
    crosshair: { ...themed.crosshair, mode: CrosshairMode.Normal },
    rightPriceScale: themed.rightPriceScale,
    timeScale: {
      ...themed.timeScale,
      timeVisible: true,
      secondsVisible: false,
      rightOffset: 6,
      tickMarkFormatter: tickLabel,
    },
    localization: {
      timeFormatter: (time: Time) => {
        const seconds = timeOf(time);
        return seconds === null ? '' : formatChartTime(seconds);
      },
    },
  });

  let bars: Candle[] = [];
  const byTime = new Map<number, Candle>();
  let loaded = false;
  let style: ChartStyle | null = null;
  let series: AnySeries | null = null;
  let decimals = 5;
  let lines: readonly PositionLine[] = [];
  let drawnLines: IPriceLine[] = [];
  let lastSocketCandleAt = 0;
  let legend: LegendState = { bar: null, hovering: false };
  const legendListeners = new Set<() => void>();

  function setLegend(next: LegendState): void {
    if (next.bar === legend.bar && next.hovering === legend.hovering) return;
    legend = next;
    for (const l of [...legendListeners]) l();
  }

  function priceFormat() {
    return { type: 'price' as const, precision: decimals, minMove: 10 ** -decimals };
  }

  function writeAll(): void {
    if (!series) return;
    switch (series.style) {
      case 'candles':
        series.api.setData(
          bars.map((b) => ({ time: toTime(b.time), open: b.open, high: b.high, low: b.low, close: b.close })),
        );
        break;
      case 'line':
        series.api.setData(bars.map((b) => ({ time: toTime(b.time), value: b.close })));
        break;
      case 'area':
        series.api.setData(bars.map((b) => ({ time: toTime(b.time), value: b.close })));
        break;
    }
  }

  function writeOne(b: Candle): void {
    if (!series) return;
    const time = toTime(b.time);
    switch (series.style) {
      case 'candles':
        series.api.update({ time, open: b.open, high: b.high, low: b.low, close: b.close });
        break;
      case 'line':
        series.api.update({ time, value: b.close });
        break;
      case 'area':
        series.api.update({ time, value: b.close });
        break;
    }
  }

  function drawLines(): void {
    if (!series) return;
    for (const line of drawnLines) series.api.removePriceLine(line);
    drawnLines = lines.map((l) =>
      // Every series type has the same price-line API.
      (series as AnySeries).api.createPriceLine({
        price: l.price,
        color: LINE_COLORS[l.kind],
        lineWidth: 1,
        lineStyle: l.kind === 'entry' ? LineStyle.Solid : LineStyle.Dashed,
        axisLabelVisible: true,
        title: l.title,
      }),
    );
  }

  function addSeries(next: ChartStyle): AnySeries {
    const common = { priceFormat: priceFormat() };
    switch (next) {
      case 'candles':
        return {
          style: 'candles',
          api: chart.addSeries(CandlestickSeries, { ...common, ...seriesColours('candles', palette) }),
        };
      case 'line':
        return {
          style: 'line',
          api: chart.addSeries(LineSeries, { ...common, ...seriesColours('line', palette), lineWidth: 2 }),
        };
      case 'area':
        return {
          style: 'area',
          api: chart.addSeries(AreaSeries, { ...common, ...seriesColours('area', palette), lineWidth: 2 }),
        };
    }
  }

  function store(b: Candle): void {
    if (applyCandle(bars, b) === null) return;
    byTime.set(toTime(b.time), b);
    writeOne(b);
    if (!legend.hovering) setLegend({ bar: b, hovering: false });
  }

  /** The latest bars at a readable width rather than all 1,500 squeezed in. */
  function showRecent(): void {
    // About 7 px a bar, so a phone shows fewer, wider candles than a desktop.
    const visible = Math.max(
      40,
      Math.min(VISIBLE_BARS, Math.floor(container.clientWidth / 7) || VISIBLE_BARS),
    );
    if (bars.length > visible) {
      chart.timeScale().setVisibleLogicalRange({ from: bars.length - visible, to: bars.length + 4 });
    } else {
      chart.timeScale().fitContent();
    }
  }

  const onCrosshair = (param: MouseEventParams<Time>) => {
    const seconds = param.time === undefined ? null : timeOf(param.time);
    const bar = seconds === null || !param.point ? undefined : byTime.get(seconds);
    if (bar) setLegend({ bar, hovering: true });
    else setLegend({ bar: bars.at(-1) ?? null, hovering: false });
  };
  chart.subscribeCrosshairMove(onCrosshair);

  return {
    setStyle(next) {
      if (next === style) return;
      style = next;
      if (series) {
        drawnLines = [];
        chart.removeSeries(series.api);
      }
      series = addSeries(next);
      writeAll();
      drawLines();
    },
    setTheme(next) {
      palette = CHART_THEMES[next];
      chart.applyOptions(chartOptions(palette));
      series?.api.applyOptions(seriesColours(series.style, palette));
    },
    setPriceFormat(next) {
      if (!Number.isInteger(next) || next < 0 || next > 12 || next === decimals) return;
      decimals = next;
      series?.api.applyOptions({ priceFormat: priceFormat() });
    },
    setData(next, fit) {
      bars = [...next];
      byTime.clear();
      for (const b of bars) byTime.set(toTime(b.time), b);
      loaded = true;
      writeAll();
      if (fit) showRecent();
      setLegend({ bar: bars.at(-1) ?? null, hovering: false });
    },
    reset() {
      bars = [];
      byTime.clear();
      loaded = false;
      writeAll();
      setLegend({ bar: null, hovering: false });
    },
    pushCandle(candle) {
      if (!loaded) return;
      lastSocketCandleAt = Date.now();
      store(candle);
    },
    pushTick(price, atMs, interval) {
      if (!loaded || Date.now() - lastSocketCandleAt < SOCKET_CANDLE_FRESH_MS) return;
      const next = candleFromTick(bars.at(-1), price, atMs, interval);
      if (next) store(next);
    },
    setLines(next) {
      lines = next;
      drawLines();
    },
    getLegend: () => legend,
    subscribeLegend(listener) {
      legendListeners.add(listener);
      return () => {
        legendListeners.delete(listener);
      };
    },
    destroy() {
      chart.unsubscribeCrosshairMove(onCrosshair);
      legendListeners.clear();
      chart.remove();
      series = null;
    },
  };
}
