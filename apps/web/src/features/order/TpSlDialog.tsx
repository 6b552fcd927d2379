import { closePrice, type Side, suggestedStops, type Trade, validateStops } from '@openbroker/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { usePrice } from '@/features/market/usePrice';
import { useModifyTrade } from '@/features/trading/queries';
import { i18n } from '@/i18n/i18n';
import { localizeMessage } from '@/lib/validationMessage';
import { levelText, parseLevel } from './format';
import { type Messages, resolverOf, serverFieldMessages } from './orderValidation';
import { SheetDialogContent } from './SheetDialogContent';
import { StopFields } from './StopFields';
import { TradeSummary } from './TradeSummary';
import { EXTRA_MESSAGES, notifyFailure, notifySuccess } from './tradeToasts';

interface StopValues {
  takeProfit: string;
  stopLoss: string;
}

interface ValidStops {
  takeProfit: number | null;
  stopLoss: number | null;
}

/** A stored level for its box; 0 (not set) shows as an empty box. */
const storedLevel = (level: number) => (level > 0 ? levelText(level) : '');

/** TP/SL of a position checked against the price it is valued at now (a buy at the bid). */
export function checkStops(
  values: StopValues,
  side: Side,
  reference: number,
): { ok: true; value: ValidStops } | { ok: false; errors: Messages<keyof StopValues> } {
  const result = validateStops(side, reference, parseLevel(values.takeProfit), parseLevel(values.stopLoss));
  if (result.ok) return result;
  const errors = result.error.errors ?? {};
  return { ok: false, errors: { takeProfit: errors.takeProfit?.[0], stopLoss: errors.stopLoss?.[0] } };
}

/**
 * TP & SL of an open position (SPEC §2; DESIGN §6 makes them real): `PUT /trade/{id}`, an empty or
 * 0 box clears the level, and the server's per-field messages land beside their boxes.
 */
export function TpSlDialog({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const live = usePrice(trade.asset_id);
  const reference = live ? closePrice(trade.trade_type, live) : (trade.closing_price ?? 0);
  const modify = useModifyTrade();
  const { t } = useTranslation('trade');
  const { register, handleSubmit, setError, setValue, formState } = useForm<StopValues, unknown, ValidStops>({
    defaultValues: { takeProfit: storedLevel(trade.take_profit), stopLoss: storedLevel(trade.stop_loss) },
    mode: 'onChange',
    resolver: resolverOf((values: StopValues) => checkStops(values, trade.trade_type, reference)),
  });
  const suggested = trade.opening_price ? suggestedStops(trade.trade_type, trade.opening_price) : null;

  const save = async (valid: ValidStops) => {
    try {
      await modify.mutateAsync({
        id: trade.id,
        body: { take_profit: valid.takeProfit ?? 0, stop_loss: valid.stopLoss ?? 0 },
      });
      notifySuccess(EXTRA_MESSAGES.stopsSaved(), `${trade.asset_symbol} #${trade.trade_id}`, null);
      onClose();
    } catch (error) {
      const fields = serverFieldMessages(error);
      if (fields.takeProfit) setError('takeProfit', { type: 'server', message: fields.takeProfit });
      if (fields.stopLoss) setError('stopLoss', { type: 'server', message: fields.stopLoss });
      notifyFailure(
        EXTRA_MESSAGES.stopsFailed(),
        apiErrorMessage(error, i18n.t('trade:tpsl.retryLater')),
        null,
      );
    }
  };

  const submitting = formState.isSubmitting;
  return (
    <SheetDialogContent
      data-testid="tpsl-dialog"
      // Start on the take-profit box rather than on a button that would overwrite it.
      onOpenAutoFocus={(event) => {
        const box =
          event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector('input') : null;
        if (!box) return;
        event.preventDefault();
        box.focus();
      }}
    >
      <DialogTitle className="text-base">{t('tpsl.title')}</DialogTitle>
      <DialogDescription className="text-xs">
        {t('tpsl.description', { symbol: trade.asset_symbol, id: trade.trade_id })}
      </DialogDescription>
      <form noValidate onSubmit={handleSubmit(save)} className="flex flex-col gap-4">
        <TradeSummary trade={trade} />
        <StopFields
          idPrefix="tpsl"
          register={{ takeProfit: register('takeProfit'), stopLoss: register('stopLoss') }}
          errors={{
            takeProfit: localizeMessage(formState.errors.takeProfit?.message),
            stopLoss: localizeMessage(formState.errors.stopLoss?.message),
          }}
          suggested={suggested}
          onSuggest={(field, value) => setValue(field, levelText(value), { shouldValidate: true })}
          disabled={submitting}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? (
              <>
                <Spinner aria-hidden="true" />
                {t('tpsl.saving')}
              </>
            ) : (
              t('tpsl.save')
            )}
          </Button>
        </DialogFooter>
      </form>
    </SheetDialogContent>
  );
}
