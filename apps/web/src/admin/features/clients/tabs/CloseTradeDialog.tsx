import type { Trade } from '@openbroker/domain';
import { staffCloseTradeSchema } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { formatNumber } from '@/i18n/format';
import { localizeMessage } from '@/lib/validationMessage';
import { TextArea } from '../../approvals/TextArea';
import { formatPnl, formatPrice } from '../format';
import { useStaffClose } from '../queries';

/** Staff close a client's position at the market, always with a reason (audited). */
export function CloseTradeDialog(props: { clientId: number; trade: Trade; onDone: () => void }) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const close = useStaffClose();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const trade = props.trade;

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = staffCloseTradeSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('validation.reasonRequired'));
      return;
    }
    setError(null);
    close.mutate(
      { tradeId: trade.id, reason: parsed.data.reason },
      {
        onSuccess: (closed) => {
          toast.success(
            t('closeTrade.closed', { price: formatPrice(closed.closing_price), pnl: formatPnl(closed.pnl) }),
          );
          props.onDone();
        },
        onError: (err) => toast.error(apiErrorMessage(err, t('closeTrade.failed'))),
      },
    );
  }

  // The first field (the reason) takes the focus, never the destructive button.
  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : props.onDone())}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('closeTrade.title')}</DialogTitle>
            <DialogDescription>
              {t('closeTrade.description', {
                side: trade.trade_type === 'buy' ? t('trades.buy') : t('trades.sell'),
                volume: formatNumber(trade.volume, { maximumFractionDigits: 8 }),
                symbol: trade.asset_symbol,
              })}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reason`}>{t('closeTrade.reason')}</Label>
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
                {localizeMessage(error)}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={props.onDone}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={close.isPending}>
              {t('closeTrade.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
