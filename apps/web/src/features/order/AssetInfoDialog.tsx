import { formatPrice, spreadInPips } from '@openbroker/domain';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogTitle } from '@/components/ui/Dialog';
import { AssetIcon } from '@/features/market/AssetIcon';
import { usePrice } from '@/features/market/usePrice';
import { formatDateTime } from '@/i18n/format';
import { cn } from '@/lib/utils';
import { withLivePrice } from '@/stores/assetStore';
import { type AssetInfo, useAssetInfo } from './assetInfoApi';
import { formatPercent, formatPips, formatUnits, lotsLabel } from './format';
import { SheetDialogContent } from './SheetDialogContent';
import { TechnicalSummaryCard } from './TechnicalSummaryCard';
import { useOrderLeverage } from './useOrderContext';

interface AssetInfoDialogProps {
  assetId: number;
  onTradeNow: (assetId: number) => void;
}

/**
 * Asset information (SPEC §2): symbol, rate, 24 h high/low, buy/sell spread, 24 h change, trading
 * schedule, contract specification, a technical summary from our hourly candles, Trade Now, and
 * when the figures were last updated. Live figures follow the price socket.
 */
export function AssetInfoDialog({ assetId, onTradeNow }: AssetInfoDialogProps) {
  const info = useAssetInfo(assetId);
  const { t } = useTranslation('trade');
  return (
    <SheetDialogContent data-testid="asset-info-dialog" className="md:max-w-lg">
      {info.data ? (
        <AssetInfoBody info={info.data} onTradeNow={() => onTradeNow(assetId)} />
      ) : (
        <>
          <DialogTitle className="text-base">{t('assetInfo.title')}</DialogTitle>
          <DialogDescription
            className={cn('text-sm', info.isError && 'text-destructive')}
            role={info.isError ? 'alert' : 'status'}
          >
            {info.isError ? t('assetInfo.loadFailed') : t('assetInfo.loading')}
          </DialogDescription>
          {info.isError ? (
            <Button variant="outline" onClick={() => void info.refetch()}>
              {t('common.retry')}
            </Button>
          ) : null}
        </>
      )}
    </SheetDialogContent>
  );
}

function AssetInfoBody({ info, onTradeNow }: { info: AssetInfo; onTradeNow: () => void }) {
  const live = usePrice(info.asset.id);
  const asset = withLivePrice(info.asset, live);
  const leverage = useOrderLeverage(asset);
  const spec = info.contract_specification;
  const price = (value: number) => formatPrice(value, spec.price_decimals);
  const changeTone = asset.change > 0 ? 'text-buy' : asset.change < 0 ? 'text-sell' : '';
  const schedule = info.trading_schedule;
  const { t } = useTranslation('trade');
  const pips = spreadInPips(asset.sell_price, asset.buy_price, asset);
  return (
    <>
      <div className="flex items-center gap-3 pe-8">
        <AssetIcon symbol={asset.symbol} image={asset.image} size={36} />
        <div className="min-w-0 flex-1">
          <DialogTitle className="truncate text-base">{asset.symbol_display}</DialogTitle>
          <DialogDescription className="truncate text-xs">
            {t('assetInfo.nameCategory', { name: asset.name, category: asset.category })}
          </DialogDescription>
        </div>
        <div className="text-end">
          <p className="font-mono text-lg leading-tight" data-testid="info-rate">
            {price(asset.rate)}
          </p>
          <p className={cn('font-mono text-xs', changeTone)} data-testid="info-change">
            {asset.change > 0 ? '+' : ''}
            {price(asset.change)} ({formatPercent(asset.change_percent)})
          </p>
        </div>
      </div>
      <Figures
        title={t('assetInfo.market')}
        rows={[
          [t('assetInfo.high24h'), price(asset.price_high)],
          [t('assetInfo.low24h'), price(asset.price_low)],
          [t('assetInfo.bidAsk'), `${price(asset.sell_price)} / ${price(asset.buy_price)}`],
          [t('assetInfo.spreadPips'), formatPips(pips), 'info-spread-pips'],
          [t('assetInfo.buySpread'), `${formatPercent(asset.buy_spread * 100).replace('+', '')}`],
          [t('assetInfo.sellSpread'), `${formatPercent(asset.sell_spread * 100).replace('+', '')}`],
        ]}
      />
      <section
        aria-labelledby="schedule-heading"
        className="flex flex-col gap-1 rounded-md border p-3 text-xs"
      >
        <div className="flex items-center justify-between">
          <h3 id="schedule-heading" className="text-sm font-medium">
            {t('assetInfo.schedule')}
          </h3>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              schedule.is_open ? 'bg-buy/15 text-buy' : 'bg-muted text-muted-foreground',
            )}
          >
            {schedule.is_open ? t('assetInfo.marketOpen') : t('assetInfo.marketClosed')}
          </span>
        </div>
        <p className="text-muted-foreground">{schedule.description}</p>
      </section>
      <Figures
        title={t('assetInfo.contract')}
        rows={[
          [t('assetInfo.contractSize'), `${formatUnits(spec.contract_size)} ${spec.base_currency}`],
          [t('assetInfo.quoteCurrency'), spec.quote_currency],
          [
            t('assetInfo.volume'),
            t('assetInfo.volumeRange', {
              min: lotsLabel(spec.min_volume_lots),
              max: lotsLabel(spec.max_volume_lots),
            }),
          ],
          [t('assetInfo.volumeStep'), t('common.lots', { lots: lotsLabel(spec.volume_step_lots) })],
          [t('assetInfo.priceDecimals'), String(spec.price_decimals)],
          [t('assetInfo.yourLeverage'), `1:${leverage}`],
        ]}
      />
      <TechnicalSummaryCard assetId={asset.id} decimals={spec.price_decimals} />
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-muted-foreground">
          <Trans
            t={t}
            i18nKey="assetInfo.lastUpdated"
            values={{ time: formatDateTime(asset.updated_at) }}
            components={{ time: <time dateTime={asset.updated_at} /> }}
          />
        </p>
        <Button variant="buy" onClick={onTradeNow}>
          {t('assetInfo.tradeNow')}
        </Button>
      </div>
    </>
  );
}

function Figures({
  title,
  rows,
}: {
  title: string;
  /** Label, value and, for a figure tests read, its test id. */
  rows: ReadonlyArray<readonly [string, string, string?]>;
}) {
  return (
    <section className="flex flex-col gap-1.5 rounded-md border p-3 text-xs" aria-label={title}>
      <h3 className="text-sm font-medium">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-end font-mono" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
