import { useTranslation } from 'react-i18next';
import { formatDate } from '@/i18n/format';
import { usd } from './format';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 6;

/**
 * A backtest's equity as an inline SVG line (no chart library for one line). The picture is
 * described in words for screen readers: where it started, ended, and its range.
 */
export function EquityCurve({ points }: { points: readonly (readonly [string, number])[] }) {
  const { t } = useTranslation('admin');
  if (points.length < 2) {
    return <p className="text-muted-foreground text-sm">{t('advisors.curve.tooFew')}</p>;
  }
  const values = points.map(([, v]) => v);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const x = (i: number) => PAD + (i / (points.length - 1)) * (WIDTH - 2 * PAD);
  const y = (v: number) => HEIGHT - PAD - ((v - low) / span) * (HEIGHT - 2 * PAD);
  const line = points.map(([, v], i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  const up = last >= first;
  const label = t('advisors.curve.label', {
    from: usd(first),
    to: usd(last),
    low: usd(low),
    high: usd(high),
  });
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-44 w-full rounded-md border bg-muted/20"
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        <line
          x1={PAD}
          x2={WIDTH - PAD}
          y1={y(first)}
          y2={y(first)}
          className="stroke-muted-foreground/40"
          strokeDasharray="4 4"
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          points={line}
          fill="none"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          className={up ? 'stroke-buy' : 'stroke-sell'}
        />
      </svg>
      <figcaption className="flex justify-between text-muted-foreground text-xs">
        <span>{formatDate(points[0]?.[0] ?? '', { dateStyle: 'medium' })}</span>
        <span>{t('advisors.curve.range', { low: usd(low), high: usd(high) })}</span>
        <span>{formatDate(points[points.length - 1]?.[0] ?? '', { dateStyle: 'medium' })}</span>
      </figcaption>
    </figure>
  );
}
