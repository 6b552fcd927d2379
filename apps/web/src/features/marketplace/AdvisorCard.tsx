import { CircleCheck, Download } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
import { AdvisorImage, EquitySparkline, RatingStars } from './AdvisorVisuals';
import { BacktestFigures } from './BacktestFigures';
import { formatCount, formatPrice, type MarketplaceEntry } from './marketplaceItems';

/** The buy button of an item: 'Buy', or disabled 'Purchased' once owned (SPEC §4). */
export function BuyButton({
  entry,
  onBuy,
  className,
}: {
  entry: MarketplaceEntry;
  onBuy: (entry: MarketplaceEntry) => void;
  className?: string;
}) {
  if (entry.status === 'purchased') {
    return (
      <Button
        variant="secondary"
        size="sm"
        disabled
        className={className}
        aria-label={`${entry.title}: purchased`}
      >
        <CircleCheck aria-hidden="true" />
        Purchased
      </Button>
    );
  }
  return (
    <Button size="sm" onClick={() => onBuy(entry)} className={className} aria-label={`Buy ${entry.title}`}>
      Buy
    </Button>
  );
}

/** Available or purchased, in words and colour. */
export function StatusBadge({ status }: { status: MarketplaceEntry['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-[10px] font-semibold uppercase',
        status === 'purchased' ? 'border-buy/40 bg-buy/10 text-buy' : 'border-border text-muted-foreground',
      )}
    >
      {status === 'purchased' ? 'Purchased' : 'Available'}
    </span>
  );
}

/** One marketplace item: picture, title, author, price, rating, downloads, category, backtest, status. */
export function AdvisorCard({
  entry,
  onOpen,
  onBuy,
}: {
  entry: MarketplaceEntry;
  onOpen: (entry: MarketplaceEntry) => void;
  onBuy: (entry: MarketplaceEntry) => void;
}) {
  const titleId = `marketplace-item-${entry.id}`;
  const backtest = entry.advisor.backtest;
  return (
    <li
      aria-labelledby={titleId}
      data-testid="marketplace-item"
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4"
    >
      <AdvisorImage src={entry.advisor.image} />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-semibold" title={entry.title}>
            {entry.title}
          </h3>
          <p className="truncate text-xs text-muted-foreground">by {entry.author}</p>
        </div>
        <span
          data-testid="marketplace-price"
          className="shrink-0 text-lg font-semibold text-primary tabular-nums"
        >
          {formatPrice(entry.price)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <RatingStars rating={entry.rating} />
        <span className="inline-flex items-center gap-1 tabular-nums">
          <Download aria-hidden="true" className="size-3" />
          {formatCount(entry.downloads)} downloads
        </span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-[10px] font-medium text-foreground">
          {entry.category}
        </span>
        <StatusBadge status={entry.status} />
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">{entry.description}</p>
      <BacktestFigures backtest={backtest} dense />
      {backtest ? <EquitySparkline points={backtest.equity} /> : null}
      <div className="mt-auto flex flex-wrap items-center justify-end gap-2 pt-1">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onOpen(entry)}
          aria-label={`Details of ${entry.title}`}
        >
          Details
        </Button>
        <BuyButton entry={entry} onBuy={onBuy} />
      </div>
    </li>
  );
}
