import {
  DEFAULT_ORDER_LOTS,
  MIN_LOTS,
  ORDER_MESSAGES,
  openPrice,
  type Side,
  spreadInPips,
  suggestedStops,
  type VolumeUnit,
} from '@openbroker/domain';
import { type FormEvent, type Ref, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogTitle } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { AssetIcon } from '@/features/market/AssetIcon';
import { usePlaceOrder } from '@/features/trading/queries';
import { i18n } from '@/i18n/i18n';
import { localizeMessage } from '@/lib/validationMessage';
import { formatAmount, formatOrderPrice, formatPips, levelText } from './format';
import { buildOrderPayload, newClientOrderId } from './orderPayload';
import {
  checkOrder,
  type OrderFormValues,
  resolverOf,
  serverFieldMessages,
  type ValidOrder,
} from './orderValidation';
import {
  convertVolumeText,
  formatVolumeText,
  fromLots,
  resolveOrderVolume,
  type VolumeScale,
} from './orderVolume';
import { SideSwitch } from './SideSwitch';
import { StopFields } from './StopFields';
import { tradeSounds } from './sounds';
import { notifyFailure, notifyOrderFailed, notifyOrderPlaced, TRADE_MESSAGES } from './tradeToasts';
import { requiredMargin, useLiveQuote, useMarginPreview, useOrderLeverage } from './useOrderContext';
import { VolumeEquivalents } from './VolumeEquivalents';
import { VolumeField } from './VolumeField';

interface OrderFormProps {
  asset: Asset | null;
  side: Side;
  onSideChange: (side: Side) => void;
  onDone: () => void;
  /** The volume box, where the form starts (never the side switch: a reflex Space must not flip it). */
  volumeRef?: Ref<HTMLInputElement>;
}

const FORM_FIELDS = ['volume', 'takeProfit', 'stopLoss'] as const;

/**
 * The order form (SPEC §4, §5, §7): side with live prices, volume in lots/units/currency, optional
 * TP and SL, leverage, required and free margin; sends SPEC's payload with a fresh client order id
 * on every attempt and reports the outcome with SPEC §8's toasts and a sound.
 */
export function OrderForm({ asset, side, onSideChange, onDone, volumeRef }: OrderFormProps) {
  const { t } = useTranslation('trade');
  const q = useLiveQuote(asset);
  const leverage = useOrderLeverage(asset);
  const preview = useMarginPreview(asset, side, q);
  const [unit, setUnit] = useState<VolumeUnit>('lots');
  const [noAsset, setNoAsset] = useState(false);
  const placeOrder = usePlaceOrder();

  const scale: VolumeScale = { contractSize: asset?.contract_size ?? 0, unitValue: preview.unitValue };
  const { control, register, handleSubmit, setError, setValue, trigger, watch, formState } = useForm<
    OrderFormValues,
    unknown,
    ValidOrder
  >({
    defaultValues: { volume: formatVolumeText(DEFAULT_ORDER_LOTS, 'lots'), takeProfit: '', stopLoss: '' },
    mode: 'onChange',
    // Rebuilt on every render, so checks always use the live price, side and unit.
    resolver: resolverOf((values: OrderFormValues) => checkOrder(values, { side, unit, scale, quote: q })),
  });

  const volumeText = watch('volume');
  const volume = asset ? resolveOrderVolume(volumeText, unit, scale) : null;
  const required = requiredMargin(volume?.ok ? volume.value.units : null, preview.unitValue, leverage);
  const freeAfter = preview.freeNow !== null && required !== null ? preview.freeNow - required : null;
  const price = q ? openPrice(side, q) : null;
  const suggested = price === null ? null : suggestedStops(side, price);
  const spread = asset && q ? spreadInPips(q.bid, q.ask, asset) : null;

  const place = async (valid: ValidOrder) => {
    if (!asset || price === null) return;
    const payload = buildOrderPayload({
      side,
      asset,
      lots: valid.lots,
      units: valid.units,
      leverage,
      openingPrice: price,
      margin: requiredMargin(valid.units, preview.unitValue, leverage),
      amount: preview.unitValue === null ? null : valid.units * preview.unitValue,
      takeProfit: valid.takeProfit,
      stopLoss: valid.stopLoss,
      clientOrderId: newClientOrderId(),
    });
    try {
      notifyOrderPlaced(await placeOrder.mutateAsync(payload));
      onDone();
    } catch (error) {
      for (const [field, message] of Object.entries(serverFieldMessages(error))) {
        const name = FORM_FIELDS.find((f) => f === field);
        if (name) setError(name, { type: 'server', message });
      }
      notifyOrderFailed(error);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Inside the click, so the browser lets the outcome sound play later.
    tradeSounds.prime();
    if (!asset) {
      event.preventDefault();
      setNoAsset(true);
      notifyFailure(TRADE_MESSAGES.orderFailed(), localizeMessage(ORDER_MESSAGES.noAsset));
      return;
    }
    void handleSubmit(place)(event);
  };

  const changeUnit = (next: VolumeUnit) => {
    setValue('volume', convertVolumeText(volumeText, unit, next, scale));
    setUnit(next);
  };

  const changeSide = (next: Side) => {
    onSideChange(next);
    // Levels valid for one side are wrong for the other; say so at once if they were checked.
    if (formState.isSubmitted) queueMicrotask(() => void trigger());
  };

  const submitting = formState.isSubmitting;
  const { errors } = formState;
  const busy = submitting || !asset;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={submitting}>
      <OrderFormTitle asset={asset} />
      {noAsset || !asset ? (
        <p
          role={noAsset ? 'alert' : undefined}
          className="rounded-md bg-destructive/10 p-3 text-sm text-destructive"
        >
          {localizeMessage(ORDER_MESSAGES.noAsset)}
        </p>
      ) : null}
      <SideSwitch side={side} quote={q} onChange={changeSide} disabled={submitting} />
      <Controller
        control={control}
        name="volume"
        render={({ field }) => (
          <VolumeField
            id="order-volume"
            inputRef={volumeRef}
            value={field.value}
            onValueChange={field.onChange}
            unit={unit}
            onUnitChange={changeUnit}
            currency={preview.currency}
            error={volumeMessage(errors.volume?.message, unit, scale, preview.currency)}
            hint={
              volume?.ok ? (
                <VolumeEquivalents
                  unit={unit}
                  lots={volume.value.lots}
                  units={volume.value.units}
                  value={preview.unitValue === null ? null : volume.value.units * preview.unitValue}
                  currency={preview.currency}
                />
              ) : null
            }
            disabled={busy}
          />
        )}
      />
      <StopFields
        idPrefix="order"
        register={{ takeProfit: register('takeProfit'), stopLoss: register('stopLoss') }}
        errors={{
          takeProfit: localizeMessage(errors.takeProfit?.message),
          stopLoss: localizeMessage(errors.stopLoss?.message),
        }}
        suggested={suggested}
        onSuggest={(field, value) => setValue(field, levelText(value), { shouldValidate: true })}
        disabled={busy}
      />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 rounded-md border bg-muted/40 p-3 text-xs">
        <dt className="text-muted-foreground">{t('common.price')}</dt>
        <dd className="text-end font-mono">{formatOrderPrice(price)}</dd>
        <dt className="text-muted-foreground">{t('common.spread')}</dt>
        <dd className="text-end font-mono" data-testid="order-spread">
          {formatPips(spread)}
        </dd>
        <dt className="text-muted-foreground">{t('common.leverage')}</dt>
        <dd className="text-end font-mono" data-testid="order-leverage">
          1:{leverage}
        </dd>
        <dt className="text-muted-foreground">{t('orderForm.requiredMargin')}</dt>
        <dd className="text-end font-mono" data-testid="required-margin">
          {formatAmount(required, preview.currency)}
        </dd>
        <dt className="text-muted-foreground">{t('orderForm.freeMarginAfter')}</dt>
        <dd
          className={
            freeAfter !== null && freeAfter < 0 ? 'text-end font-mono text-destructive' : 'text-end font-mono'
          }
          data-testid="free-margin-after"
        >
          {formatAmount(freeAfter, preview.currency)}
        </dd>
      </dl>
      <Button type="submit" size="lg" variant={side} disabled={submitting} className="w-full font-semibold">
        {submitting ? (
          <>
            <Spinner aria-hidden="true" />
            {t('common.processing')}
          </>
        ) : side === 'buy' ? (
          t('orderForm.placeBuy')
        ) : (
          t('orderForm.placeSell')
        )}
      </Button>
    </form>
  );
}

/**
 * The volume message; in the currency unit it also says what the smallest lot costs, since the
 * domain's words are in lots and $50 of a $95,000 instrument is no lot at all.
 */
function volumeMessage(
  message: string | undefined,
  unit: VolumeUnit,
  scale: VolumeScale,
  currency: string,
): string | undefined {
  if (!message || unit !== 'currency' || message !== ORDER_MESSAGES.volumeRange)
    return localizeMessage(message);
  const smallest = fromLots(MIN_LOTS, 'currency', scale);
  return Number.isFinite(smallest)
    ? i18n.t('trade:orderForm.smallestLot', {
        message: localizeMessage(message),
        amount: formatAmount(smallest, currency),
      })
    : localizeMessage(message);
}

function OrderFormTitle({ asset }: { asset: Asset | null }) {
  const { t } = useTranslation('trade');
  return (
    <div className="flex items-center gap-3 pe-8">
      {asset ? <AssetIcon symbol={asset.symbol} image={asset.image} size={32} /> : null}
      <div className="min-w-0">
        <DialogTitle className="truncate text-base">
          {asset ? asset.symbol_display : t('orderForm.newOrder')}
        </DialogTitle>
        <DialogDescription className="truncate text-xs">
          {asset ? t('orderForm.assetMarketOrder', { name: asset.name }) : t('orderForm.marketOrder')}
        </DialogDescription>
      </div>
    </div>
  );
}
