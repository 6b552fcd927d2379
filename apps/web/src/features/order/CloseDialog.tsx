import type { Trade } from '@openbroker/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { useCloseTrade } from '@/features/trading/queries';
import { localizeMessage } from '@/lib/validationMessage';
import { resolveCloseVolume } from './closeVolume';
import { formatLots, lotsLabel } from './format';
import { SheetDialogContent } from './SheetDialogContent';
import { tradeSounds } from './sounds';
import { TradeSummary } from './TradeSummary';
import { notifyClosed, notifyCloseFailed } from './tradeToasts';
import { VolumeField } from './VolumeField';

/**
 * Close confirmation (SPEC §4 "Closing a position"): all of the position by default, or part of it
 * in lots (step 0.01, up to its volume); 'Closing...' while the call runs; SPEC §8's toasts after.
 * The open trades are refetched on success by the mutation itself.
 */
export function CloseDialog({ trade, onClose }: { trade: Trade; onClose: () => void }) {
  const [text, setText] = useState(formatLots(trade.volume));
  const [checked, setChecked] = useState(false);
  const close = useCloseTrade();
  const volume = resolveCloseVolume(text, trade.volume);
  const closing = close.isPending;
  const { t } = useTranslation('trade');
  const confirmRef = useRef<HTMLButtonElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    tradeSounds.prime();
    setChecked(true);
    if (!volume.ok || closing) return;
    const { lots, partial } = volume.value;
    try {
      const closed = await close.mutateAsync({ id: trade.id, volume: partial ? lots : undefined });
      notifyClosed(closed, lots);
      onClose();
    } catch (error) {
      notifyCloseFailed(error);
    }
  };

  return (
    <SheetDialogContent
      data-testid="close-dialog"
      // Start on the confirmation, not on a − / + step button a reflex key would change the volume with.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        confirmRef.current?.focus();
      }}
    >
      <DialogTitle className="text-base">{t('close.title')}</DialogTitle>
      <DialogDescription className="text-xs">
        {t('close.description', { symbol: trade.asset_symbol, id: trade.trade_id })}
      </DialogDescription>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TradeSummary trade={trade} />
        <VolumeField
          id="close-volume"
          value={text}
          onValueChange={setText}
          unit="lots"
          max={trade.volume}
          error={
            checked || text !== formatLots(trade.volume)
              ? volume.ok
                ? undefined
                : localizeMessage(volume.error)
              : undefined
          }
          hint={
            volume.ok && volume.value.partial
              ? t('close.partial', { lots: lotsLabel(volume.value.lots), total: lotsLabel(trade.volume) })
              : t('close.whole')
          }
          disabled={closing}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={closing}>
            {t('common.cancel')}
          </Button>
          <Button ref={confirmRef} type="submit" variant="destructive" disabled={closing}>
            {closing ? (
              <>
                <Spinner aria-hidden="true" />
                {t('close.closing')}
              </>
            ) : (
              t('close.confirm')
            )}
          </Button>
        </DialogFooter>
      </form>
    </SheetDialogContent>
  );
}
