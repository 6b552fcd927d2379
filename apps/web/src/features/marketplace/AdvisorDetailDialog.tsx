import { isAxiosError } from 'axios';
import { Download } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate } from '@/i18n/format';
import { useSessionStore } from '@/stores/sessionStore';
import { BuyButton, StatusBadge } from './AdvisorCard';
import { AdvisorImage, EquitySparkline, RatingStars } from './AdvisorVisuals';
import { BacktestFigures } from './BacktestFigures';
import {
  formatCount,
  formatPrice,
  MARKETPLACE_MESSAGES,
  type MarketplaceEntry,
  toMarketplaceEntry,
} from './marketplaceItems';
import { useMarketplaceAdvisor } from './queries';

/** The item id of the address, or null when it is not a positive whole number. */
export function parseItemId(param: string): number | null {
  if (!/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Detail({ entry, curve, onBuy }: { entry: MarketplaceEntry; curve: ReactNode; onBuy: () => void }) {
  const { t } = useTranslation('account');
  const a = entry.advisor;
  const range = a.backtest && `${formatDate(a.backtest.from)} – ${formatDate(a.backtest.to)}`;
  return (
    <>
      <DialogHeader>
        <DialogTitle className="pe-6 leading-snug">{entry.title}</DialogTitle>
        <DialogDescription>
          {t('marketplace.detail.subtitle', {
            author: entry.author,
            category: entry.category,
            symbol: a.symbol,
          })}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <AdvisorImage src={a.image} className="h-32 sm:h-full sm:min-h-28" />
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-xl font-semibold text-primary tabular-nums">
              {formatPrice(entry.price)}
            </span>
            <StatusBadge status={entry.status} />
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <RatingStars rating={entry.rating} />
            <span className="inline-flex items-center gap-1 tabular-nums">
              <Download aria-hidden="true" className="size-3" />
              {t('marketplace.card.downloads', { value: formatCount(entry.downloads) })}
            </span>
            <span>{t('marketplace.detail.oneTime')}</span>
          </div>
          <p className="text-sm whitespace-pre-line">{entry.description}</p>
        </div>
      </div>
      <Section title={t('marketplace.detail.how')}>
        <p className="text-sm text-muted-foreground">{a.strategy}</p>
      </Section>
      {a.risks ? (
        <Section title={t('marketplace.detail.risks')}>
          <p className="text-sm text-muted-foreground">{a.risks}</p>
        </Section>
      ) : null}
      {entry.features.length > 0 ? (
        <Section title={t('marketplace.detail.features')}>
          <ul className="flex flex-wrap gap-1.5">
            {entry.features.map((f) => (
              <li key={f} className="rounded-full border px-2 py-0.5 text-xs">
                {f}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title={t('marketplace.detail.backtest')}>
        {range ? (
          <p className="text-xs text-muted-foreground">{t('marketplace.detail.range', { range })}</p>
        ) : null}
        <BacktestFigures backtest={a.backtest} />
        {a.backtest ? curve : null}
      </Section>
      <DialogFooter>
        <BuyButton entry={entry} onBuy={onBuy} />
      </DialogFooter>
    </>
  );
}

/**
 * An item's detail (SPEC §2 marketplace): description, how it trades, its risks, features and the
 * backtest with its equity curve (the curve comes with the single-advisor call). An id in the
 * address that names no advisor says 'Expert Advisor not found'.
 */
export function AdvisorDetailDialog({
  itemParam,
  listed,
  onClose,
  onBuy,
}: {
  itemParam: string;
  /** The item as the list has it, when the list has it: shown while the detail loads. */
  listed: MarketplaceEntry | undefined;
  onClose: () => void;
  onBuy: (entry: MarketplaceEntry) => void;
}) {
  const { t } = useTranslation('account');
  const content = useRef<HTMLDivElement>(null);
  const id = parseItemId(itemParam);
  const eas = useSessionStore((s) => s.user?.eas);
  const detail = useMarketplaceAdvisor(id);
  const missing =
    id === null || (detail.isError && isAxiosError(detail.error) && detail.error.response?.status === 404);
  const entry = detail.data ? toMarketplaceEntry(detail.data, eas) : listed;
  // The list's status is refetched right after a purchase; trust it over a detail fetched before.
  const shown = entry && listed ? { ...entry, status: listed.status } : entry;

  const curve = detail.isPending ? (
    <Spinner aria-label={t('marketplace.detail.loadingCurve')} className="mx-auto my-4 size-5" />
  ) : detail.data?.backtest ? (
    <EquitySparkline points={detail.data.backtest.equity} large />
  ) : null;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        ref={content}
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        data-testid="advisor-detail"
        // The first control is Buy: start on the dialog itself, so reading comes before buying.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          content.current?.focus();
        }}
      >
        {missing ? (
          <DialogHeader>
            <DialogTitle>{MARKETPLACE_MESSAGES.notFound}</DialogTitle>
            <DialogDescription>{t('marketplace.detail.withdrawn')}</DialogDescription>
          </DialogHeader>
        ) : shown ? (
          <Detail entry={shown} curve={curve} onBuy={() => onBuy(shown)} />
        ) : detail.isError ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('marketplace.detail.advisor')}</DialogTitle>
              <DialogDescription className="sr-only">{t('marketplace.detail.notLoaded')}</DialogDescription>
            </DialogHeader>
            <Alert variant="destructive" description={MARKETPLACE_MESSAGES.loadFailed} />
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle className="sr-only">{t('marketplace.detail.advisor')}</DialogTitle>
              <DialogDescription className="sr-only">{t('marketplace.detail.loading')}</DialogDescription>
            </DialogHeader>
            <Spinner aria-label={t('marketplace.detail.loadingAdvisor')} className="mx-auto my-8 size-6" />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
