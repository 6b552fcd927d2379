import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_ORDER_LOTS,
  openPrice,
  type PriceOutcome,
  type ProfitCalculatorValues,
  profitCalculator,
  profitCalculatorSchema,
  type Side,
  suggestedStops,
  TP_SL_STEP,
  unitsFromLots,
} from '@openbroker/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogTitle } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { cn } from '@/lib/utils';
import { localizeMessage } from '@/lib/validationMessage';
import { formatAmount, formatOrderPrice, formatPercent, levelText } from './format';
import { SheetDialogContent } from './SheetDialogContent';
import { StopFields } from './StopFields';
import { useLiveQuote, useOrderLeverage, useTradableAsset } from './useOrderContext';

type CalculatorInput = z.input<typeof profitCalculatorSchema>;

/**
 * Profit Calculator (SPEC §2, §5, §9): volume in units, entry price, optional TP and SL, with the
 * domain's validation messages and formulas (margin, profit, ROE, pip value, suggested levels).
 * Figures are in the instrument's quote currency, like the formulas.
 */
export function ProfitCalculatorDialog({ assetId }: { assetId: number | null }) {
  const { t } = useTranslation('trade');
  const asset = useTradableAsset(assetId);
  const q = useLiveQuote(asset);
  const leverage = useOrderLeverage(asset);
  const [side, setSide] = useState<Side>('buy');
  const startPrice = q ? formatOrderPrice(openPrice('buy', q)) : '';
  const { register, handleSubmit, setValue, watch, formState } = useForm<
    CalculatorInput,
    unknown,
    ProfitCalculatorValues
  >({
    defaultValues: {
      volume: String(unitsFromLots(DEFAULT_ORDER_LOTS, asset?.contract_size)),
      entryPrice: startPrice,
      takeProfit: '',
      stopLoss: '',
    },
    mode: 'onChange',
    resolver: zodResolver(profitCalculatorSchema),
  });
  const parsed = profitCalculatorSchema.safeParse(watch());
  const result = parsed.success ? profitCalculator({ side, leverage, ...parsed.data }) : null;
  const entry = parsed.success ? parsed.data.entryPrice : null;
  const currency = asset?.quote_currency ?? 'USD';
  const { errors } = formState;
  const message = (field: keyof CalculatorInput) => {
    const text = errors[field]?.message;
    return text ? (
      <p id={`calc-${field}-error`} role="alert" className="text-xs text-destructive">
        {localizeMessage(text)}
      </p>
    ) : null;
  };

  return (
    <SheetDialogContent data-testid="calculator-dialog">
      <DialogTitle className="text-base">
        {asset ? t('calculator.titleFor', { symbol: asset.symbol_display }) : t('calculator.title')}
      </DialogTitle>
      <DialogDescription className="text-xs">
        {t('calculator.description', { leverage, currency })}
      </DialogDescription>
      <form noValidate onSubmit={handleSubmit(() => undefined)} className="flex flex-col gap-4">
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="sr-only">{t('side.legend')}</legend>
          {(['buy', 'sell'] as const).map((s) => (
            <Button
              key={s}
              variant={side === s ? s : 'outline'}
              aria-pressed={side === s}
              onClick={() => setSide(s)}
            >
              {s === 'buy' ? t('side.buy') : t('side.sell')}
            </Button>
          ))}
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="calc-volume">{t('calculator.volumeUnits')}</Label>
            <Input
              id="calc-volume"
              inputMode="decimal"
              className="font-mono"
              aria-invalid={errors.volume ? true : undefined}
              {...register('volume')}
            />
            {message('volume')}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="calc-entryPrice">{t('calculator.entryPrice')}</Label>
            <Input
              id="calc-entryPrice"
              type="number"
              step={TP_SL_STEP}
              inputMode="decimal"
              className="font-mono"
              aria-invalid={errors.entryPrice ? true : undefined}
              {...register('entryPrice')}
            />
            {message('entryPrice')}
          </div>
        </div>
        <StopFields
          idPrefix="calc"
          register={{ takeProfit: register('takeProfit'), stopLoss: register('stopLoss') }}
          errors={{
            takeProfit: localizeMessage(errors.takeProfit?.message),
            stopLoss: localizeMessage(errors.stopLoss?.message),
          }}
          suggested={entry === null ? null : suggestedStops(side, entry)}
          onSuggest={(field, value) => setValue(field, levelText(value), { shouldValidate: true })}
        />
        <Button type="submit" variant="secondary">
          {t('calculator.calculate')}
        </Button>
      </form>
      <dl
        className="grid grid-cols-2 gap-x-3 gap-y-1.5 rounded-md border bg-muted/40 p-3 text-xs"
        data-testid="calculator-results"
      >
        <dt className="text-muted-foreground">{t('calculator.margin')}</dt>
        <dd className="text-end font-mono" data-testid="calc-margin">
          {formatAmount(result?.margin, currency)}
        </dd>
        <dt className="text-muted-foreground">{t('calculator.pipValue')}</dt>
        <dd className="text-end font-mono" data-testid="calc-pip">
          {formatAmount(result?.pipValue, currency)}
        </dd>
        <Outcome
          label={t('calculator.atTakeProfit')}
          testId="calc-tp"
          outcome={result?.atTakeProfit}
          currency={currency}
        />
        <Outcome
          label={t('calculator.atStopLoss')}
          testId="calc-sl"
          outcome={result?.atStopLoss}
          currency={currency}
        />
      </dl>
    </SheetDialogContent>
  );
}

function Outcome(props: {
  label: string;
  testId: string;
  outcome: PriceOutcome | null | undefined;
  currency: string;
}) {
  const { label, testId, outcome, currency } = props;
  const { t } = useTranslation('trade');
  const tone = outcome ? (outcome.profit > 0 ? 'text-buy' : outcome.profit < 0 ? 'text-sell' : '') : '';
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('text-end font-mono', tone)} data-testid={testId}>
        {outcome
          ? t('calculator.outcome', {
              profit: formatAmount(outcome.profit, currency),
              roe: formatPercent(outcome.roe),
            })
          : '—'}
      </dd>
    </>
  );
}
