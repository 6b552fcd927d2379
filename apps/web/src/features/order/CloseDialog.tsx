import type { Trade } from '@openbroker/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { useCloseTrade } from '@/features/trading/queries';
import { resolveCloseVolume } from './closeVolume';
import { formatLots } from './format';
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
    <SheetDialogContent data-testid="close-dialog">
      <DialogTitle className="text-base">Close position</DialogTitle>
      <DialogDescription className="text-xs">
        Close all of {trade.asset_symbol} #{trade.trade_id}, or enter fewer lots to close part of it.
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
            checked || text !== formatLots(trade.volume) ? (volume.ok ? undefined : volume.error) : undefined
          }
          hint={
            volume.ok && volume.value.partial
              ? `Partial close: ${formatLots(volume.value.lots)} of ${formatLots(trade.volume)} lots`
              : 'The whole position'
          }
          disabled={closing}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={closing}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={closing}>
            {closing ? (
              <>
                <Spinner aria-hidden="true" />
                Closing...
              </>
            ) : (
              'Close position'
            )}
          </Button>
        </DialogFooter>
      </form>
    </SheetDialogContent>
  );
}
