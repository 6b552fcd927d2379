import { formatMarginLevel } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { pnlClass } from '@/features/money/Money';
import { useMoneyFormatter } from '@/features/money/useMoney';
import { cn } from '@/lib/utils';
import type { PriceStore } from '@/stores/priceStore';
import { useLivePortfolio } from './useLivePortfolio';

export interface PortfolioBarProps {
  className?: string;
  /** For tests; the app's price store otherwise. */
  store?: PriceStore;
}

/**
 * SPEC §2 "Total Portfolio bar": balance, equity, margin, free margin and P/L, live. It holds the
 * live summary itself, so a tick re-renders this bar and nothing around it.
 */
export function PortfolioBar({ className, store }: PortfolioBarProps) {
  const { summary, currency } = useLivePortfolio(store);
  const format = useMoneyFormatter();
  const { t } = useTranslation('trade');
  const money = (amount: number) => format(amount, { from: currency });
  const figures: { key: string; label: string; value: string; tone?: string }[] = [
    { key: 'balance', label: t('portfolio.balance'), value: money(summary.balance) },
    { key: 'equity', label: t('portfolio.equity'), value: money(summary.equity) },
    { key: 'margin', label: t('portfolio.margin'), value: money(summary.margin) },
    { key: 'free-margin', label: t('portfolio.freeMargin'), value: money(summary.freeMargin) },
    { key: 'margin-level', label: t('portfolio.marginLevel'), value: formatMarginLevel(summary.marginLevel) },
    {
      key: 'pnl',
      label: t('portfolio.pnl'),
      value: format(summary.pnl, { from: currency, signed: true }),
      tone: pnlClass(summary.pnl),
    },
  ];
  return (
    // It scrolls sideways when the figures do not fit (long words in some languages): a named,
    // focusable region so the keyboard can scroll it too.
    <section
      data-testid="portfolio-bar"
      aria-label={t('portfolio.title')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className={cn(
        'flex min-w-0 items-center gap-x-5 px-3 py-1.5 text-xs focus-visible:ring-2 focus-visible:ring-ring sm:overflow-x-auto',
        className,
      )}
    >
      <h2 className="hidden shrink-0 text-xs font-semibold tracking-wide text-muted-foreground uppercase xl:block">
        {t('portfolio.title')}
      </h2>
      <dl className="grid w-full grid-cols-3 gap-x-3 gap-y-1 sm:flex sm:w-auto sm:items-center sm:gap-x-5">
        {figures.map((f) => (
          <div
            key={f.key}
            className="flex min-w-0 shrink-0 flex-col leading-tight sm:flex-row sm:items-baseline sm:gap-1.5"
          >
            <dt className="text-xs text-muted-foreground uppercase sm:normal-case">{f.label}</dt>
            <dd data-figure={f.key} className={cn('truncate font-semibold tabular-nums', f.tone)}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
