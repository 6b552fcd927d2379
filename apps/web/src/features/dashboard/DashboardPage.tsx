import { formatPrice, type Trade } from '@openbroker/domain';
import { ArrowRight } from 'lucide-react';
import { memo, type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Asset } from '@/api/assets';
import { PanelBoundary } from '@/app/layouts/PanelBoundary';
import { PageHeading } from '@/components/PageHeading';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { AssetIcon } from '@/features/market/AssetIcon';
import { FlashPrice } from '@/features/market/FlashPrice';
import { useAssets } from '@/features/market/useAssets';
import { usePrice } from '@/features/market/usePrice';
import { pnlClass } from '@/features/money/Money';
import { type MoneyFormatter, useAccountCurrency, useMoneyFormatter } from '@/features/money/useMoney';
import { formatLots, sideLabel } from '@/features/positions/format';
import { OriginBadge } from '@/features/positions/OriginBadge';
import { useLivePortfolio } from '@/features/positions/useLivePortfolio';
import { useLiveTrade } from '@/features/trading/liveValuation';
import { flattenTrades, useTradeList } from '@/features/trading/queries';
import { formatNumber } from '@/i18n/format';
import { cn } from '@/lib/utils';
import { useAssetStore } from '@/stores/assetStore';
import type { PriceStore } from '@/stores/priceStore';
import { useSessionStore } from '@/stores/sessionStore';
import { PnlChart } from './PnlChart';
import { cumulativePnl } from './pnlSeries';

/** Open positions shown on the dashboard; the terminal's drawer has them all. */
export const DASHBOARD_POSITIONS = 8;
/** Closed pages read for the P/L chart (20 a page): the last 500 closes at most. */
export const PNL_MAX_PAGES = 25;
/** The dashboard watch list, by display symbol; the first instruments fill in for missing ones. */
export const WATCHLIST_SYMBOLS = ['BTC/USD', 'ETH/USD', 'EUR/USD', 'GBP/USD', 'USD/JPY', 'XAU/USD'];

/** `/main/dashboard`: the account at a glance, live. */
export function DashboardPage({ store }: { store?: PriceStore } = {}) {
  const { t } = useTranslation('money');
  const firstName = useSessionStore((s) => s.user?.first_name);
  return (
    <section className="flex flex-col gap-5" data-testid="dashboard">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageHeading title={t('dashboard.title')} />
          <p className="text-sm text-muted-foreground">
            {firstName ? t('dashboard.welcomeName', { name: firstName }) : t('dashboard.welcome')}{' '}
            {t('dashboard.liveNote')}
          </p>
        </div>
        <Button asChild size="sm">
          <Link to="/mt4">
            {t('dashboard.openTerminal')} <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
          </Link>
        </Button>
      </div>
      <Guarded name={t('dashboard.panels.summary')}>
        <SummaryCards store={store} />
      </Guarded>
      <div className="grid gap-5 lg:grid-cols-5">
        <Guarded name={t('dashboard.panels.positions')} className="lg:col-span-3">
          <OpenPositionsCard store={store} className="lg:col-span-3" />
        </Guarded>
        <Guarded name={t('dashboard.panels.watchList')} className="lg:col-span-2">
          <WatchListCard className="lg:col-span-2" />
        </Guarded>
      </div>
      <Guarded name={t('dashboard.panels.realised')}>
        <PnlHistoryCard />
      </Guarded>
    </section>
  );
}

/** One dashboard panel that fails shows a note with a retry instead of blanking the page. */
function Guarded({ name, className, children }: { name: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation('money');
  return (
    <PanelBoundary
      name={name}
      fallback={(retry) => (
        <div
          className={cn(
            'flex flex-col items-center justify-center gap-2 rounded-xl border bg-card p-6 text-center text-sm text-muted-foreground',
            className,
          )}
        >
          <span>{t('dashboard.panelFailed', { name })}</span>
          <Button size="sm" variant="outline" onClick={retry}>
            {t('dashboard.tryAgain')}
          </Button>
        </div>
      )}
    >
      {children}
    </PanelBoundary>
  );
}

/** SPEC §3 account summary as cards, live (this component alone re-renders on ticks). */
function SummaryCards({ store }: { store?: PriceStore }) {
  const { t } = useTranslation('money');
  const { summary, currency, lifetimePnl } = useLivePortfolio(store);
  const format = useMoneyFormatter();
  const money = (n: number) => format(n, { from: currency });
  const cards: { key: string; label: string; value: string; tone?: string; hint?: string }[] = [
    { key: 'balance', label: t('dashboard.summary.balance'), value: money(summary.balance) },
    { key: 'equity', label: t('dashboard.summary.equity'), value: money(summary.equity) },
    {
      key: 'pnl',
      label: t('dashboard.summary.floatingPnl'),
      value: format(summary.pnl, { from: currency, signed: true }),
      tone: pnlClass(summary.pnl),
    },
    { key: 'margin', label: t('dashboard.summary.margin'), value: money(summary.margin) },
    { key: 'free-margin', label: t('dashboard.summary.freeMargin'), value: money(summary.freeMargin) },
    {
      key: 'margin-level',
      label: t('dashboard.summary.marginLevel'),
      value: marginLevelText(summary.marginLevel),
    },
    { key: 'credit', label: t('dashboard.summary.credit'), value: money(summary.credit) },
    {
      key: 'lifetime',
      label: t('dashboard.summary.realisedPnl'),
      value: lifetimePnl === null ? '—' : format(lifetimePnl, { from: currency, signed: true }),
      tone: lifetimePnl === null ? undefined : pnlClass(lifetimePnl),
      hint: t('dashboard.summary.realisedHint'),
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="summary-cards">
      {cards.map((c) => (
        <div key={c.key} className="flex min-w-0 flex-col gap-1 rounded-xl border bg-card px-4 py-3">
          <span className="text-xs text-muted-foreground">{c.label}</span>
          <span
            data-figure={c.key}
            // Never cut: "10.000,00 US$" is longer than "$10,000.00"; a narrow card wraps instead.
            className={cn(
              'text-base font-semibold tracking-tight tabular-nums [overflow-wrap:anywhere] sm:text-lg',
              c.tone,
            )}
          >
            {c.value}
          </span>
        </div>
      ))}
    </div>
  );
}

function Panel({
  title,
  action,
  className,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card className={cn('gap-3 py-4', className)} data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 px-4">
        <CardTitle className="text-base">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent className="min-w-0 px-4">{children}</CardContent>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 py-8 text-center text-sm text-muted-foreground"
    >
      {children}
    </div>
  );
}

function OpenPositionsCard({ store, className }: { store?: PriceStore; className?: string }) {
  const open = useTradeList('open');
  const trades = useMemo(() => flattenTrades(open.data), [open.data]);
  const total = open.data?.pages[0]?.meta.total ?? trades.length;
  const format = useMoneyFormatter();
  const decimals = useDecimalsOf();
  const { t } = useTranslation('money');
  return (
    <Panel
      title={total ? t('dashboard.positions.titleCount', { total }) : t('dashboard.positions.title')}
      className={className}
      testId="dashboard-positions"
      action={
        <Button asChild variant="ghost" size="sm">
          <Link to="/mt4">{t('dashboard.positions.viewAll')}</Link>
        </Button>
      }
    >
      {open.isPending ? (
        <Empty>
          <Spinner /> {t('dashboard.positions.loading')}
        </Empty>
      ) : open.isError && trades.length === 0 ? (
        <Empty>{t('dashboard.positions.failed')}</Empty>
      ) : trades.length === 0 ? (
        <Empty>{t('dashboard.positions.empty')}</Empty>
      ) : (
        <ul className="-mx-1 flex flex-col">
          {trades.slice(0, DASHBOARD_POSITIONS).map((t) => (
            <CompactPosition
              key={t.id}
              trade={t}
              decimals={decimals(t.asset_id)}
              format={format}
              store={store}
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function useDecimalsOf(): (assetId: number) => number {
  const assets = useAssetStore((s) => s.assets);
  return useMemo(() => {
    const byId = new Map(assets.map((a) => [a.id, a.decimals]));
    return (id: number) => byId.get(id) ?? 5;
  }, [assets]);
}

/** One open position on a line, its P/L live from its own instrument's ticks. */
const CompactPosition = memo(function CompactPosition({
  trade,
  decimals,
  format,
  store,
}: {
  trade: Trade;
  decimals: number;
  format: MoneyFormatter;
  store?: PriceStore;
}) {
  // The formatter reads amounts as the selected account's currency; value them in it too.
  const live = useLiveTrade(trade, useAccountCurrency(), store);
  return (
    <li
      data-testid="position-row"
      data-trade-id={trade.id}
      className="flex items-center gap-3 rounded-md px-1 py-2 text-sm [&+&]:border-t"
    >
      <AssetIcon symbol={trade.asset_symbol} size={28} />
      <div className="flex min-w-0 flex-1 flex-col leading-tight">
        <span className="truncate font-medium">
          {trade.asset_symbol}{' '}
          <span
            className={cn(
              'text-xs font-semibold uppercase',
              trade.trade_type === 'buy' ? 'text-buy' : 'text-sell',
            )}
          >
            {sideLabel(trade)} {formatLots(trade.volume)}
          </span>
        </span>
        <OriginBadge trade={trade} className="self-start" />
        <span dir="ltr" className="truncate text-start text-xs text-muted-foreground tabular-nums">
          {formatPrice(trade.opening_price, decimals)} → {formatPrice(live.closingPrice, decimals)}
        </span>
      </div>
      <span className={cn('shrink-0 font-semibold tabular-nums', pnlClass(live.pnl))}>
        {format(live.pnl, { signed: true })}
      </span>
    </li>
  );
});

function pickWatchList(assets: readonly Asset[]): Asset[] {
  const bySy = new Map(assets.map((a) => [a.sy, a]));
  const picked: Asset[] = [];
  for (const sy of WATCHLIST_SYMBOLS) {
    const a = bySy.get(sy);
    if (a) picked.push(a);
  }
  for (const a of assets) {
    if (picked.length >= WATCHLIST_SYMBOLS.length) break;
    if (!picked.includes(a)) picked.push(a);
  }
  return picked;
}

function WatchListCard({ className }: { className?: string }) {
  const { assets, status } = useAssets();
  const list = useMemo(() => pickWatchList(assets), [assets]);
  const navigate = useNavigate();
  const addPair = useAssetStore((s) => s.addPair);
  const { t } = useTranslation('money');
  return (
    <Panel title={t('dashboard.watchList.title')} className={className} testId="dashboard-watchlist">
      {list.length === 0 ? (
        <Empty>
          {status === 'error' ? t('dashboard.watchList.failed') : <Spinner />}
          {status === 'error' ? null : t('dashboard.watchList.loading')}
        </Empty>
      ) : (
        <ul className="-mx-1 flex flex-col">
          {list.map((a) => (
            <li key={a.id} className="[&+&]:border-t">
              <button
                type="button"
                onClick={() => {
                  addPair(a);
                  void navigate('/mt4');
                }}
                className="flex w-full items-center gap-3 rounded-md px-1 py-2 text-start text-sm outline-none transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring motion-reduce:transition-none"
              >
                {/* The name is the visible text with the action first (label in name, WCAG 2.5.3). */}
                <span className="sr-only">{t('dashboard.watchList.trade')} </span>
                <AssetIcon symbol={a.symbol} image={a.image} size={28} />
                <span className="flex min-w-0 flex-1 flex-col leading-tight">
                  <span className="truncate font-medium">{a.sy}</span>
                  <span className="truncate text-xs text-muted-foreground">{a.name}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end leading-tight">
                  <FlashPrice id={a.id} decimals={a.decimals} fallback={a.rate} className="font-medium" />
                  <Change asset={a} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Change({ asset }: { asset: Asset }) {
  const change = usePrice(asset.id)?.changePercent ?? asset.change_percent;
  return (
    // A signed figure keeps its sign in front in right-to-left text too.
    <span
      dir="ltr"
      className={cn(
        'text-xs tabular-nums',
        change > 0 ? 'text-buy' : change < 0 ? 'text-sell' : 'text-muted-foreground',
      )}
    >
      {formatNumber(change / 100, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: 'exceptZero',
      })}
    </span>
  );
}

function PnlHistoryCard() {
  const closed = useTradeList('closed');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = closed;
  const pages = closed.data?.pages.length ?? 0;
  // Reads the history a page at a time, up to a bound, so the curve covers more than the first 20.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && pages < PNL_MAX_PAGES) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, pages, fetchNextPage]);
  const points = useMemo(() => cumulativePnl(flattenTrades(closed.data)), [closed.data]);
  const format = useMoneyFormatter();
  const total = points.at(-1)?.value ?? 0;
  const { t } = useTranslation('money');
  return (
    <Panel
      title={t('dashboard.pnl.title')}
      testId="dashboard-pnl"
      action={
        points.length > 0 ? (
          <span className={cn('text-sm font-semibold tabular-nums', pnlClass(total))}>
            {format(total, { signed: true })}
          </span>
        ) : null
      }
    >
      {closed.isPending ? (
        <Empty>
          <Spinner /> {t('dashboard.pnl.loading')}
        </Empty>
      ) : closed.isError && points.length === 0 ? (
        <Empty>{t('dashboard.pnl.failed')}</Empty>
      ) : points.length === 0 ? (
        <Empty>{t('dashboard.pnl.empty')}</Empty>
      ) : (
        <PnlChart points={points} format={format} />
      )}
    </Panel>
  );
}

/** The margin level as a percentage in the reader's locale ("462.96%"); "∞" with no margin used. */
function marginLevelText(level: number): string {
  if (level === Number.POSITIVE_INFINITY) return '∞';
  if (!Number.isFinite(level)) return '—';
  return formatNumber(level / 100, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
}
