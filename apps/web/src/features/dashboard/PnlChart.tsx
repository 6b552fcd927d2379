import { type PointerEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyFormatter } from '@/features/money/useMoney';
import { formatDateTime } from '@/i18n/format';
import { cn } from '@/lib/utils';
import type { PnlPoint } from './pnlSeries';

const W = 1000;
const H = 240;
const PAD_Y = 14;

const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'short' };
const SHORT_DAY_TIME: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
};
/** Below this span the axis shows times too, or both ends would read the same day. */
const TIMES_BELOW_MS = 2 * 86_400_000;
const DAY_TIME: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
};

export interface PnlChartProps {
  points: readonly PnlPoint[];
  format: MoneyFormatter;
  className?: string;
}

/**
 * Cumulative realised P/L over time as a small SVG step chart: green above zero, red below, a
 * zero line, the range on the left and the first and last dates underneath; hovering shows the
 * figure at that close.
 */
export function PnlChart({ points, format, className }: PnlChartProps) {
  const { t } = useTranslation('money');
  const uid = useId();
  const [hover, setHover] = useState<number | null>(null);
  const geometry = useMemo(() => layout(points), [points]);
  if (!geometry) return null;
  const { xs, ys, zeroY, min, max, path, area } = geometry;
  const last = points.at(-1);
  const first = points[0];
  const hovered = hover === null ? null : points[hover];
  const axis = first && last && last.time - first.time < TIMES_BELOW_MS ? SHORT_DAY_TIME : DAY;

  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width === 0) return;
    const x = ((e.clientX - rect.left) / rect.width) * W;
    let best = 0;
    for (let i = 1; i < xs.length; i++) {
      if (Math.abs((xs[i] ?? 0) - x) < Math.abs((xs[best] ?? 0) - x)) best = i;
    }
    setHover(best);
  };

  const up = (last?.value ?? 0) >= 0;
  const summary = t('dashboard.pnl.chartSummary', {
    from: first ? formatDateTime(first.time, DAY) : '',
    to: last ? formatDateTime(last.time, DAY) : '',
    now: format(last?.value ?? 0, { signed: true }),
    low: format(min),
    high: format(max),
  });
  return (
    // Time runs left to right in either reading direction: the drawing, axis and dates stay together.
    <figure dir="ltr" className={cn('flex flex-col gap-1', className)} data-testid="pnl-chart">
      <div className="relative h-48 ps-16 sm:h-56">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 start-0 flex w-16 flex-col justify-between py-1 text-xs text-muted-foreground tabular-nums"
        >
          <span>{format(max)}</span>
          <span>{format(min)}</span>
        </div>
        <div className="relative size-full">
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="size-full touch-none overflow-visible"
            role="img"
            aria-label={summary}
            onPointerMove={onMove}
            onPointerLeave={() => setHover(null)}
          >
            <defs>
              <linearGradient id={`${uid}-fill`} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor={up ? 'var(--buy)' : 'var(--sell)'} stopOpacity="0.35" />
                <stop offset="100%" stopColor={up ? 'var(--buy)' : 'var(--sell)'} stopOpacity="0.02" />
              </linearGradient>
            </defs>
            <line
              x1={0}
              x2={W}
              y1={zeroY}
              y2={zeroY}
              stroke="var(--border)"
              strokeDasharray="6 6"
              vectorEffect="non-scaling-stroke"
            />
            <path d={area} fill={`url(#${uid}-fill)`} />
            <path
              d={path}
              fill="none"
              stroke={up ? 'var(--buy)' : 'var(--sell)'}
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
              strokeLinejoin="round"
            />
            {hover !== null ? (
              <line
                x1={xs[hover]}
                x2={xs[hover]}
                y1={0}
                y2={H}
                stroke="var(--muted-foreground)"
                strokeOpacity={0.5}
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
          </svg>
          {hovered && hover !== null ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute z-10 whitespace-nowrap rounded-md border bg-popover px-2 py-1 text-xs shadow"
              style={{
                left: `${((xs[hover] ?? 0) / W) * 100}%`,
                top: `${((ys[hover] ?? 0) / H) * 100}%`,
                transform: `translate(${(xs[hover] ?? 0) > W / 2 ? '-105%' : '5%'}, -50%)`,
              }}
            >
              <div className="text-muted-foreground">{formatDateTime(hovered.time, DAY_TIME)}</div>
              <div
                className={cn('font-semibold tabular-nums', hovered.value >= 0 ? 'text-buy' : 'text-sell')}
              >
                {format(hovered.value, { signed: true })}
              </div>
            </div>
          ) : null}
        </div>
      </div>
      <figcaption className="flex justify-between ps-16 text-xs text-muted-foreground">
        <span>{first ? formatDateTime(first.time, axis) : ''}</span>
        <span>{last ? formatDateTime(last.time, axis) : ''}</span>
      </figcaption>
    </figure>
  );
}

interface Geometry {
  xs: number[];
  ys: number[];
  zeroY: number;
  min: number;
  max: number;
  path: string;
  area: string;
}

/** Scales the points into the view box; the time axis is linear, the value axis always shows 0. */
function layout(points: readonly PnlPoint[]): Geometry | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const values = points.map((p) => p.value);
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const span = max - min || 1;
  const t0 = first.time;
  const tSpan = last.time - t0 || 1;
  const xs = points.map((p) => ((p.time - t0) / tSpan) * W);
  const ys = points.map((p) => PAD_Y + (1 - (p.value - min) / span) * (H - 2 * PAD_Y));
  const zeroY = PAD_Y + (1 - (0 - min) / span) * (H - 2 * PAD_Y);
  // A step line: the total holds until the next close changes it.
  let path = `M${xs[0]},${ys[0]}`;
  for (let i = 1; i < points.length; i++) path += ` H${xs[i]} V${ys[i]}`;
  const area = `${path} V${zeroY} H${xs[0]} Z`;
  return { xs, ys, zeroY, min, max, path, area };
}
