import { formatPrice } from '@openbroker/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import { Spinner } from '@/components/ui/Spinner';
import { InstrumentIcon } from '@/features/market/InstrumentIcon';
import { useActiveAsset, useAssets } from '@/features/market/useAssets';
import { usePrice } from '@/features/market/usePrice';
import { cn } from '@/lib/utils';
import { rowFigures } from './AssetRows';
import { AssetsLoadState } from './AssetsLoadState';
import { signClass, signedPercent } from './format';
import { TradeButtons } from './TradeButtons';

// Its own chunk: lightweight-charts loads only when the terminal draws a chart.
const ChartPanel = lazy(() => import('@/features/chart/ChartPanel').then((m) => ({ default: m.ChartPanel })));

/** The active asset's name, live 24 h change and range above the chart. */
function AssetHeading({ asset }: { asset: Asset }) {
  const { t } = useTranslation('terminal');
  const live = usePrice(asset.id);
  const { changePercent } = rowFigures(asset, live);
  const low = live?.priceLow ?? asset.price_low;
  const high = live?.priceHigh ?? asset.price_high;
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <InstrumentIcon instrument={asset} size={28} />
      <div className="min-w-0">
        <div className="flex items-baseline gap-2">
          <h2 className="truncate text-sm font-semibold">{asset.sy}</h2>
          <span dir="ltr" className={cn('text-xs font-medium tabular-nums', signClass(changePercent))}>
            {signedPercent(changePercent)}
          </span>
        </div>
        <p className="flex min-w-0 gap-3 text-xs text-muted-foreground">
          <span className="truncate">{asset.name}</span>
          <span className="hidden shrink-0 tabular-nums lg:inline">
            {t('chartArea.range', {
              low: formatPrice(low, asset.decimals),
              high: formatPrice(high, asset.decimals),
            })}
          </span>
        </p>
      </div>
    </div>
  );
}

/**
 * The centre (SPEC §2): the active asset's heading with its live SELL and BUY buttons (4 decimals,
 * SPEC §9) that open the order form, above the advanced chart.
 */
export function ChartArea() {
  const { t } = useTranslation('terminal');
  const asset = useActiveAsset();
  const { status, error, retry } = useAssets();

  if (!asset) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <AssetsLoadState status={status} error={error} retry={retry} empty>
          {null}
        </AssetsLoadState>
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b bg-card/60 px-3 py-2">
        <AssetHeading asset={asset} />
        <TradeButtons
          asset={asset}
          testIds={{ sell: 'sell-button', buy: 'buy-button' }}
          className="w-full sm:w-72"
        />
      </div>
      <div className="relative min-h-0 flex-1" data-testid="chart-area">
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center gap-2 text-xs text-muted-foreground">
              <Spinner aria-label={t('chartArea.loadingLabel')} />
              {t('chartArea.loading')}
            </div>
          }
        >
          <ChartPanel asset={asset} />
        </Suspense>
      </div>
    </div>
  );
}
