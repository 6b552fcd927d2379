import type { TradingAccount } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { resetDemoAccount } from '@/api/accounts';
import { apiErrorMessage } from '@/api/errors';
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
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { useRefreshUser } from './useRefreshUser';

/** Confirms putting a demo account back to its starting virtual balance. */
export function ResetDemoDialog({ account, onClose }: { account: TradingAccount; onClose: () => void }) {
  const { t } = useTranslation('money');
  const refreshUser = useRefreshUser();
  const { keyFor, done } = useIdempotencyKey();
  const mutation = useMutation({
    // The key belongs to this reset: a retry after a failure sends it again.
    mutationFn: () => resetDemoAccount(account.id, keyFor({ reset: account.id })),
    onSuccess: async () => {
      done();
      toast.success(t('accounts.reset.done', { number: account.number }));
      await refreshUser();
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('accounts.reset.title')}</DialogTitle>
          <DialogDescription>
            {t('accounts.reset.text', { title: account.title, number: account.number })}
          </DialogDescription>
        </DialogHeader>
        {mutation.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(mutation.error, t('accounts.reset.failed'))}
          />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="button" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending ? t('accounts.reset.pending') : t('accounts.reset.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
