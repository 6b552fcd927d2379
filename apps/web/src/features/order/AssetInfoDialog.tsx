import { formatPrice } from '@openbroker/domain';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogTitle } from '@/components/ui/Dialog';
import { AssetIcon } from '@/features/market/AssetIcon';
import { usePrice } from '@/features/market/usePrice';
import { cn } from '@/lib/utils';
import { withLivePrice } from '@/stores/assetStore';
import { type AssetInfo, useAssetInfo } from './assetInfoApi';
import { formatLots, formatPercent, formatUnits } from './format';
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
  return (
    <SheetDialogContent data-testid="asset-info-dialog" className="md:max-w-lg">
      {info.data ? (
        <AssetInfoBody info={info.data} onTradeNow={() => onTradeNow(assetId)} />
      ) : (
        <>
          <DialogTitle className="text-base">Asset information</DialogTitle>
          <DialogDescription className={cn('text-sm', info.isError && 'text-destructive')}>
            {info.isError ? 'Failed to load asset information' : 'Loading asset information...'}
          </DialogDescription>
          {info.isError ? (
            <Button variant="outline" onClick={() => void info.refetch()}>
              Retry
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
  return (
    <>
      <div className="flex items-center gap-3 pr-8">
        <AssetIcon symbol={asset.symbol} image={asset.image} size={36} />
        <div className="min-w-0 flex-1">
          <DialogTitle className="truncate text-base">{asset.symbol_display}</DialogTitle>
          <DialogDescription className="truncate text-xs">
            {asset.name} · {asset.category}
          </DialogDescription>
        </div>
        <div className="text-right">
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
        title="Market"
        rows={[
          ['24h high', price(asset.price_high)],
          ['24h low', price(asset.price_low)],
          ['Bid / Ask', `${price(asset.sell_price)} / ${price(asset.buy_price)}`],
          ['Buy spread', `${formatPercent(asset.buy_spread * 100).replace('+', '')}`],
          ['Sell spread', `${formatPercent(asset.sell_spread * 100).replace('+', '')}`],
        ]}
      />
      <section
        aria-labelledby="schedule-heading"
        className="flex flex-col gap-1 rounded-md border p-3 text-xs"
      >
        <div className="flex items-center justify-between">
          <h3 id="schedule-heading" className="text-sm font-medium">
            Trading schedule
          </h3>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-[11px] font-semibold',
              schedule.is_open ? 'bg-buy/15 text-buy' : 'bg-muted text-muted-foreground',
            )}
          >
            {schedule.is_open ? 'Market open' : 'Market closed'}
          </span>
        </div>
        <p className="text-muted-foreground">{schedule.description}</p>
      </section>
      <Figures
        title="Contract specification"
        rows={[
          ['Contract size', `${formatUnits(spec.contract_size)} ${spec.base_currency}`],
          ['Quote currency', spec.quote_currency],
          ['Volume', `${formatLots(spec.min_volume_lots)}–${formatLots(spec.max_volume_lots)} lots`],
          ['Volume step', `${formatLots(spec.volume_step_lots)} lots`],
          ['Price decimals', String(spec.price_decimals)],
          ['Your leverage', `1:${leverage}`],
        ]}
      />
      <TechnicalSummaryCard assetId={asset.id} decimals={spec.price_decimals} />
      <div className="flex items-center justify-between gap-3">
        <p className="text-[11px] text-muted-foreground">
          Last updated <time dateTime={asset.updated_at}>{new Date(asset.updated_at).toLocaleString()}</time>
        </p>
        <Button variant="buy" onClick={onTradeNow}>
          Trade Now
        </Button>
      </div>
    </>
  );
}

function Figures({ title, rows }: { title: string; rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <section className="flex flex-col gap-1.5 rounded-md border p-3 text-xs" aria-label={title}>
      <h3 className="text-sm font-medium">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-mono">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
