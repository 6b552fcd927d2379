import type { Withdrawal } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelWithdrawal(w.id),
    onSuccess: () => {
      setOpen(false);
      toast.success('Withdrawal cancelled; the amount is back in your balance.');
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
        aria-label={`Cancel withdrawal #${w.id}`}
      >
        Cancel
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this withdrawal?</DialogTitle>
          <DialogDescription>
            The {formatAmount(w.total, w.currency)} held for it returns to account {w.account_number} at once.
          </DialogDescription>
        </DialogHeader>
        {cancel.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(cancel.error, 'The withdrawal could not be cancelled.')}
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel withdrawal'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
