import {
  DEFAULT_ORDER_LOTS,
  PENDING_KINDS,
  PENDING_PRICE_STEP,
  type PendingKind,
  pendingSide,
  suggestedStops,
  type VolumeUnit,
} from '@openbroker/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { Spinner } from '@/components/ui/Spinner';
import { usePlaceOrder } from '@/features/trading/queries';
import { localizeMessage } from '@/lib/validationMessage';
import { formatAmount, formatOrderPrice, formatUnits, levelText, lotsLabel, parseLevel } from './format';
import { buildOrderPayload, newClientOrderId } from './orderPayload';
import { resolverOf, serverFieldMessages } from './orderValidation';
import { convertVolumeText, formatVolumeText, resolveOrderVolume, type VolumeScale } from './orderVolume';
import {
  checkPendingOrder,
  marketPriceFor,
  type PendingFormValues,
  pendingLabel,
  type ValidPending,
} from './pendingValidation';
import { SheetDialogContent } from './SheetDialogContent';
import { StopFields } from './StopFields';
import { tradeSounds } from './sounds';
import { EXTRA_MESSAGES, notifyFailure, notifySuccess, TRADE_MESSAGES } from './tradeToasts';
import {
  requiredMargin,
  useLiveQuote,
  useMarginPreview,
  useOrderLeverage,
  useTradableAsset,
} from './useOrderContext';
import { VolumeField } from './VolumeField';

const FIELDS = ['price', 'volume', 'takeProfit', 'stopLoss', 'expiresAt'] as const;

/**
 * Pending order (SPEC §2; DESIGN §6 sends it instead of only logging): buy/sell limit or stop at a
 * price (step 0.00001, revertible to the market price), volume, optional TP/SL and expiry, placed
 * with `order_type` and `entry_price`.
 */
export function PendingOrderDialog({ assetId, onClose }: { assetId: number | null; onClose: () => void }) {
  const { t } = useTranslation('trade');
  const asset = useTradableAsset(assetId);
  const q = useLiveQuote(asset);
  const leverage = useOrderLeverage(asset);
  const [unit, setUnit] = useState<VolumeUnit>('lots');
  // The ask's unit value, scaled to any price: a pending order's value and margin are at its entry.
  const preview = useMarginPreview(asset, 'buy', q);
  const scaleAt = (priceText: string): VolumeScale => {
    const price = parseLevel(priceText);
    const unitValue =
      preview.unitValue !== null && q && price !== undefined && price > 0
        ? (preview.unitValue * price) / q.ask
        : preview.unitValue;
    return { contractSize: asset?.contract_size ?? 0, unitValue };
  };
  const placeOrder = usePlaceOrder();
  const market = (kind: PendingKind) => (q ? formatOrderPrice(marketPriceFor(kind, q)) : '');

  const { control, register, handleSubmit, setError, setValue, watch, formState } = useForm<
    PendingFormValues,
    unknown,
    ValidPending
  >({
    defaultValues: {
      kind: 'buy_limit',
      price: market('buy_limit'),
      volume: formatVolumeText(DEFAULT_ORDER_LOTS, 'lots'),
      takeProfit: '',
      stopLoss: '',
      expiresAt: '',
    },
    mode: 'onChange',
    resolver: resolverOf((values: PendingFormValues) =>
      checkPendingOrder(values, { unit, scale: scaleAt(values.price), quote: q, now: Date.now() }),
    ),
  });
  const kind = watch('kind');
  const side = pendingSide(kind);
  const priceText = watch('price');
  const entry = parseLevel(priceText);
  const scale = scaleAt(priceText);
  const volume = asset ? resolveOrderVolume(watch('volume'), unit, scale) : null;
  const required = requiredMargin(volume?.ok ? volume.value.units : null, scale.unitValue, leverage);

  const place = async (valid: ValidPending) => {
    if (!asset) return;
    try {
      const trade = await placeOrder.mutateAsync(
        buildOrderPayload({
          side: pendingSide(valid.kind),
          asset,
          lots: valid.lots,
          units: valid.units,
          leverage,
          openingPrice: valid.entryPrice,
          margin: requiredMargin(valid.units, scale.unitValue, leverage),
          amount: scale.unitValue === null ? null : valid.units * scale.unitValue,
          takeProfit: valid.takeProfit,
          stopLoss: valid.stopLoss,
          clientOrderId: newClientOrderId(),
          pending: { kind: valid.kind, entryPrice: valid.entryPrice, expiresAt: valid.expiresAt },
        }),
      );
      notifySuccess(
        EXTRA_MESSAGES.pendingPlaced(),
        t('pending.placed', {
          kind: pendingLabel(valid.kind),
          lots: lotsLabel(trade.volume),
          units: formatUnits(trade.units),
          price: formatOrderPrice(trade.entry_price ?? valid.entryPrice),
        }),
      );
      onClose();
    } catch (error) {
      for (const [field, message] of Object.entries(serverFieldMessages(error))) {
        const name = FIELDS.find((f) => f === field);
        if (name) setError(name, { type: 'server', message });
      }
      notifyFailure(
        EXTRA_MESSAGES.pendingFailed(),
        apiErrorMessage(error, TRADE_MESSAGES.orderFailedFallback()),
      );
    }
  };

  const submitting = formState.isSubmitting;
  const { errors } = formState;
  const entryForSuggestion = entry !== undefined && entry > 0 ? entry : null;
  return (
    <SheetDialogContent data-testid="pending-dialog">
      <DialogTitle className="text-base">
        {asset ? t('pending.titleFor', { symbol: asset.symbol_display }) : t('pending.title')}
      </DialogTitle>
      <DialogDescription className="text-xs">
        {t('pending.description', { bid: formatOrderPrice(q?.bid), ask: formatOrderPrice(q?.ask) })}
      </DialogDescription>
      <form
        noValidate
        onSubmit={(e) => {
          tradeSounds.prime();
          void handleSubmit(place)(e);
        }}
        className="flex flex-col gap-4"
      >
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="pending-kind">{t('pending.orderType')}</Label>
            <NativeSelect
              id="pending-kind"
              {...register('kind', {
                onChange: (e: { target: { value: string } }) => {
                  const next = PENDING_KINDS.find((k) => k === e.target.value);
                  if (next) setValue('price', market(next), { shouldValidate: formState.isSubmitted });
                },
              })}
            >
              {PENDING_KINDS.map((k) => (
                <option key={k} value={k}>
                  {pendingLabel(k)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <div className="flex items-center justify-between gap-1">
              <Label htmlFor="pending-price">{t('common.price')}</Label>
              <button
                type="button"
                className="rounded px-1 text-xs font-medium text-primary outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => setValue('price', market(kind), { shouldValidate: true })}
              >
                {t('pending.marketPrice')}
              </button>
            </div>
            <Input
              id="pending-price"
              type="number"
              inputMode="decimal"
              step={PENDING_PRICE_STEP}
              min={0}
              className="font-mono"
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={errors.price ? 'pending-price-error' : undefined}
              {...register('price')}
            />
          </div>
          {errors.price ? (
            <p id="pending-price-error" role="alert" className="col-span-2 -mt-1 text-xs text-destructive">
              {localizeMessage(errors.price.message)}
            </p>
          ) : null}
        </div>
        <Controller
          control={control}
          name="volume"
          render={({ field }) => (
            <VolumeField
              id="pending-volume"
              value={field.value}
              onValueChange={field.onChange}
              unit={unit}
              onUnitChange={(next) => {
                setValue('volume', convertVolumeText(field.value, unit, next, scale));
                setUnit(next);
              }}
              currency={preview.currency}
              error={localizeMessage(errors.volume?.message)}
              disabled={submitting || !asset}
            />
          )}
        />
        <StopFields
          idPrefix="pending"
          register={{ takeProfit: register('takeProfit'), stopLoss: register('stopLoss') }}
          errors={{
            takeProfit: localizeMessage(errors.takeProfit?.message),
            stopLoss: localizeMessage(errors.stopLoss?.message),
          }}
          suggested={entryForSuggestion === null ? null : suggestedStops(side, entryForSuggestion)}
          onSuggest={(field, value) => setValue(field, levelText(value), { shouldValidate: true })}
          disabled={submitting}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="pending-expiry">{t('pending.expiry')}</Label>
          <Input
            id="pending-expiry"
            type="datetime-local"
            aria-invalid={errors.expiresAt ? true : undefined}
            aria-describedby="pending-expiry-hint"
            {...register('expiresAt')}
          />
          {errors.expiresAt ? (
            <p id="pending-expiry-hint" role="alert" className="text-xs text-destructive">
              {localizeMessage(errors.expiresAt.message)}
            </p>
          ) : (
            <p id="pending-expiry-hint" className="text-xs text-muted-foreground">
              {t('pending.expiryHint')}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 rounded-md border bg-muted/40 p-3 text-xs">
          <dt className="text-muted-foreground">{t('common.leverage')}</dt>
          <dd className="text-end font-mono">1:{leverage}</dd>
          <dt className="text-muted-foreground">{t('pending.marginWhenFilled')}</dt>
          <dd className="text-end font-mono">{formatAmount(required, preview.currency)}</dd>
        </dl>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={side} disabled={submitting || !asset}>
            {submitting ? (
              <>
                <Spinner aria-hidden="true" />
                {t('common.processing')}
              </>
            ) : (
              t('pending.place', { kind: pendingLabel(kind) })
            )}
          </Button>
        </DialogFooter>
      </form>
    </SheetDialogContent>
  );
}
