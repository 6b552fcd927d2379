import type { Trade } from '@openbroker/domain';
import { staffCloseTradeSchema } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { Label } from '@/components/ui/Label';
import { TextArea } from '../../approvals/TextArea';
import { formatPrice } from '../format';
import { useStaffClose } from '../queries';

/** Staff close a client's position at the market, always with a reason (audited). */
export function CloseTradeDialog(props: { clientId: number; trade: Trade; onDone: () => void }) {
  const id = useId();
  const close = useStaffClose();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = props.trade;

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = staffCloseTradeSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    setError(null);
    close.mutate(
      { tradeId: t.id, reason: parsed.data.reason },
      {
        onSuccess: (closed) => {
          toast.success(`Closed at ${formatPrice(closed.closing_price)} (P/L ${closed.pnl.toFixed(2)})`);
          props.onDone();
        },
        onError: (err) => toast.error(apiErrorMessage(err, 'The position was not closed. Try again.')),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : props.onDone())}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Close position</DialogTitle>
            <DialogDescription>
              {t.trade_type === 'buy' ? 'Buy' : 'Sell'} {t.volume} {t.asset_symbol} at the market price now.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <TextArea
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} className="text-destructive text-xs">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={props.onDone}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={close.isPending}>
              Close position
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
