import type { SavingsPosition } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('money');
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const { keyFor, done } = useIdempotencyKey();
  const mutation = useMutation({
    // The key belongs to this position's redemption: a retry after a failure sends it again.
    mutationFn: () => redeemSavings(p.id, keyFor({ redeem: p.id })),
    onSuccess: async (redeemed) => {
      done();
      toast.success(
        t('savings.redeem.done', {
          amount: formatAmount(redeemed.principal + redeemed.accrued_interest, redeemed.currency),
        }),
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
          <DialogTitle>{t('savings.redeem.title', { name: p.product.name })}</DialogTitle>
          <DialogDescription>
            {t('savings.redeem.text', { principal: money(p.principal), interest: money(p.accrued_interest) })}
          </DialogDescription>
        </DialogHeader>
        {mutation.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(mutation.error, t('savings.redeem.failed'))}
          />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="button" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending ? t('savings.redeem.pending') : t('savings.positions.redeem')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
