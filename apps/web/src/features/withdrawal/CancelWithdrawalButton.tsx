import type { Withdrawal } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { cancelWithdrawal } from '@/api/payments';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { formatAmount } from '@/features/money/convert';
import { withdrawalKeys } from './queries';

/** Cancels a withdrawal not yet approved, after asking: the held amount returns to the balance. */
export function CancelWithdrawalButton({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('money');
  const [open, setOpen] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelWithdrawal(w.id),
    onSuccess: () => {
      setOpen(false);
      toast.success(t('withdrawal.cancel.done'));
    },
    onSettled: () => client.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) cancel.reset();
      }}
    >
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={t('withdrawal.cancel.label', { id: w.id })}
      >
        {t('withdrawal.cancel.button')}
      </Button>
      <DialogContent
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          keep.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('withdrawal.cancel.title')}</DialogTitle>
          <DialogDescription>
            {t('withdrawal.cancel.text', {
              amount: formatAmount(w.total, w.currency),
              account: w.account_number,
            })}
          </DialogDescription>
        </DialogHeader>
        {cancel.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(cancel.error, t('withdrawal.cancel.failed'))}
          />
        ) : null}
        <DialogFooter>
          <Button ref={keep} variant="outline" onClick={() => setOpen(false)}>
            {t('withdrawal.cancel.keep')}
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? t('withdrawal.cancel.pending') : t('withdrawal.cancel.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
