import { Bot, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatNumber } from '@/i18n/format';
import { cn } from '@/lib/utils';

/** Stars out of five, with the figure in words for screen readers. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('account');
  const value = Math.max(0, Math.min(5, rating));
  const figure = formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const label = t('marketplace.rated', { rating: figure });
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn('inline-flex items-center gap-1', className)}
    >
      <span className="relative inline-flex" aria-hidden="true">
        <span className="flex text-muted-foreground">
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className="size-3.5" />
          ))}
        </span>
        {/* The filled row clipped to the rating, so 4.5 shows four and a half stars. */}
        <span
          className="absolute inset-y-0 start-0 flex overflow-hidden text-warning"
          style={{ width: `${value * 20}%` }}
        >
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} className="size-3.5 shrink-0 fill-current" />
          ))}
        </span>
      </span>
      <span aria-hidden="true" className="text-xs tabular-nums text-muted-foreground">
        {figure}
      </span>
    </span>
  );
}

/** The advisor's picture, or a strategy icon when it has none (or it fails to load). */
export function AdvisorImage({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
        className={cn('h-28 w-full rounded-md object-cover', className)}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex h-28 w-full items-center justify-center rounded-md bg-gradient-to-br from-primary/25 via-primary/10 to-transparent',
        className,
      )}
    >
      <Bot className="size-10 text-primary" />
    </div>
  );
}

const SPARK_W = 120;
const SPARK_H = 32;

/**
 * A backtest's equity as a small inline line (no chart library for one polyline), green when it
 * ended above where it started. Fewer than two points draws nothing.
 */
export function EquitySparkline({
  points,
  className,
  large = false,
}: {
  points: readonly (readonly [string, number])[];
  className?: string;
  /** The detail's full-width curve rather than the card's thumbnail. */
  large?: boolean;
}) {
  const { t } = useTranslation('account');
  if (points.length < 2) return null;
  const values = points.map(([, v]) => v);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const w = large ? 600 : SPARK_W;
  const h = large ? 160 : SPARK_H;
  const pad = 2;
  const line = values
    .map((v, i) => {
      const x = pad + (i / (values.length - 1)) * (w - 2 * pad);
      const y = h - pad - ((v - low) / span) * (h - 2 * pad);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  const usd = (n: number) => formatAmount(n, 'USD');
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('marketplace.equity', { from: usd(first), to: usd(last) })}
      data-testid="equity-sparkline"
      className={cn(large ? 'h-40 w-full rounded-md border bg-muted/20' : 'h-8 w-full', className)}
    >
      <polyline
        points={line}
        fill="none"
        strokeWidth={large ? 2 : 1.5}
        vectorEffect="non-scaling-stroke"
        className={last >= first ? 'stroke-buy' : 'stroke-sell'}
      />
    </svg>
  );
}
