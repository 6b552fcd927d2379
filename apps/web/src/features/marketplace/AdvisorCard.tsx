import { CircleCheck, Download } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
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
  tabIndex,
}: {
  entry: MarketplaceEntry;
  onBuy: (entry: MarketplaceEntry) => void;
  className?: string;
  tabIndex?: number;
}) {
  const { t } = useTranslation('account');
  if (entry.status === 'purchased') {
    return (
      <Button
        variant="secondary"
        size="sm"
        disabled
        className={className}
        aria-label={t('marketplace.card.purchasedLabel', { title: entry.title })}
      >
        <CircleCheck aria-hidden="true" />
        {t('marketplace.card.purchased')}
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      onClick={() => onBuy(entry)}
      className={className}
      tabIndex={tabIndex}
      aria-label={t('marketplace.card.buyLabel', { title: entry.title })}
    >
      {t('marketplace.card.buy')}
    </Button>
  );
}

/** Available or purchased, in words and colour. */
export function StatusBadge({ status }: { status: MarketplaceEntry['status'] }) {
  const { t } = useTranslation('account');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold uppercase',
        status === 'purchased' ? 'border-buy/40 bg-buy/10 text-buy' : 'border-border text-muted-foreground',
      )}
    >
      {status === 'purchased' ? t('marketplace.card.purchased') : t('marketplace.card.available')}
    </span>
  );
}

/** One marketplace item: picture, title, author, price, rating, downloads, category, backtest, status. */
export function AdvisorCard({
  entry,
  onOpen,
  onBuy,
  itemProps,
  active = true,
}: {
  entry: MarketplaceEntry;
  onOpen: (entry: MarketplaceEntry) => void;
  onBuy: (entry: MarketplaceEntry) => void;
  /** The list's roving focus: the card itself is the list's one Tab stop (arrows move). */
  itemProps?: HTMLAttributes<HTMLLIElement> & { 'data-roving-index'?: number };
  /** The card in the list's Tab sequence; the others' buttons are reached by arrowing to their card. */
  active?: boolean;
}) {
  const { t } = useTranslation('account');
  const titleId = `marketplace-item-${entry.id}`;
  const backtest = entry.advisor.backtest;
  return (
    <li
      aria-labelledby={titleId}
      data-testid="marketplace-item"
      {...itemProps}
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <AdvisorImage src={entry.advisor.image} />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate font-semibold" title={entry.title}>
            {entry.title}
          </h2>
          <p className="truncate text-xs text-muted-foreground">
            {t('marketplace.card.by', { author: entry.author })}
          </p>
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
          {t('marketplace.card.downloads', { value: formatCount(entry.downloads) })}
        </span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
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
          tabIndex={active ? undefined : -1}
          aria-label={t('marketplace.card.detailsOf', { title: entry.title })}
        >
          {t('marketplace.card.details')}
        </Button>
        <BuyButton entry={entry} onBuy={onBuy} tabIndex={active ? undefined : -1} />
      </div>
    </li>
  );
}
