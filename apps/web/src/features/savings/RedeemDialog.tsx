import type { SavingsPosition } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { redeemSavings } from '@/api/savings';
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
import { useRefreshUser } from '@/features/accounts/useRefreshUser';
import { formatAmount } from '@/features/money/convert';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { savingsKeys } from './queries';

/** Confirms a redemption: principal and accrued interest go back to the trading account. */
export function RedeemDialog({ position: p, onClose }: { position: SavingsPosition; onClose: () => void }) {
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const { keyFor, done } = useIdempotencyKey();
  const mutation = useMutation({
    // The key belongs to this position's redemption: a retry after a failure sends it again.
    mutationFn: () => redeemSavings(p.id, keyFor({ redeem: p.id })),
    onSuccess: async (redeemed) => {
      done();
      toast.success(
        `${formatAmount(redeemed.principal + redeemed.accrued_interest, redeemed.currency)} returned to your account`,
      );
      void client.invalidateQueries({ queryKey: savingsKeys.all });
      await refreshUser();
      onClose();
    },
  });
  const money = (n: number) => formatAmount(n, p.currency);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Redeem {p.product.name}?</DialogTitle>
          <DialogDescription>
            {money(p.principal)} and the interest accrued so far ({money(p.accrued_interest)}) go back to the
            trading account it came from.
          </DialogDescription>
        </DialogHeader>
        {mutation.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(mutation.error, 'The redemption failed.')}
          />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending ? 'Redeeming…' : 'Redeem'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
