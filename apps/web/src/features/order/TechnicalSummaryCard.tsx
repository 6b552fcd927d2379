import {
  formatFixed,
  formatPrice,
  RSI_OVERBOUGHT,
  RSI_OVERSOLD,
  SMA_FAST,
  SMA_SLOW,
  technicalSummary,
  type Verdict,
} from '@openbroker/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useHourlyCandles } from './assetInfoApi';

const VERDICT_TONE: Record<Verdict, string> = {
  Buy: 'bg-buy/15 text-buy border-buy/40',
  Sell: 'bg-sell/15 text-sell border-sell/40',
  Neutral: 'bg-muted text-muted-foreground border-border',
};

function rsiState(value: number): 'overbought' | 'oversold' | 'neutral' {
  if (value > RSI_OVERBOUGHT) return 'overbought';
  if (value < RSI_OVERSOLD) return 'oversold';
  return 'neutral';
}

/** The hourly technical summary (our replacement for SPEC §2's third-party analysis widget). */
export function TechnicalSummaryCard({ assetId, decimals }: { assetId: number; decimals: number }) {
  const candles = useHourlyCandles(assetId);
  const summary = useMemo(() => technicalSummary((candles.data ?? []).map((c) => c.close)), [candles.data]);
  const { t } = useTranslation('trade');
  return (
    <section aria-labelledby="ta-heading" className="flex flex-col gap-2 rounded-md border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="ta-heading" className="text-sm font-medium">
          {t('technical.title')}{' '}
          <span className="text-xs font-normal text-muted-foreground">{t('technical.period')}</span>
        </h3>
        {summary.verdict ? (
          <span
            data-testid="ta-verdict"
            className={cn(
              'rounded-full border px-2.5 py-0.5 text-xs font-semibold',
              VERDICT_TONE[summary.verdict],
            )}
          >
            {t(`technical.verdicts.${summary.verdict}`)}
          </span>
        ) : null}
      </div>
      {candles.isPending ? (
        <p className="text-xs text-muted-foreground">{t('technical.loading')}</p>
      ) : candles.isError ? (
        <p className="text-xs text-destructive">{t('technical.failed')}</p>
      ) : summary.verdict === null ? (
        <p className="text-xs text-muted-foreground">{t('technical.notEnough')}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted-foreground">{t('technical.trend')}</dt>
          <dd className="text-end" data-testid="ta-trend">
            {summary.trend ? t(`technical.trends.${summary.trend}`) : '—'}
          </dd>
          <dt className="text-muted-foreground">{t('technical.sma', { fast: SMA_FAST, slow: SMA_SLOW })}</dt>
          <dd className="text-end font-mono">
            {formatPrice(summary.smaFast, decimals)} / {formatPrice(summary.smaSlow, decimals)}
          </dd>
          <dt className="text-muted-foreground">{t('technical.rsi')}</dt>
          <dd className="text-end font-mono" data-testid="ta-rsi">
            {summary.rsi === null
              ? '—'
              : `${formatFixed(summary.rsi, 1)} (${t(`technical.rsiStates.${rsiState(summary.rsi)}`)})`}
          </dd>
        </dl>
      )}
    </section>
  );
}
