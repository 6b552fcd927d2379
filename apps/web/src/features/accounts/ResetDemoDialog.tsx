import type { TradingAccount } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
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
  const refreshUser = useRefreshUser();
  const { keyFor, done } = useIdempotencyKey();
  const mutation = useMutation({
    // The key belongs to this reset: a retry after a failure sends it again.
    mutationFn: () => resetDemoAccount(account.id, keyFor({ reset: account.id })),
    onSuccess: async () => {
      done();
      toast.success(`Demo account ${account.number} reset`);
      await refreshUser();
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset demo balance?</DialogTitle>
          <DialogDescription>
            {account.title} ({account.number}) goes back to its starting virtual funds. Close its open
            positions first. Demo — virtual funds: no real money is involved.
          </DialogDescription>
        </DialogHeader>
        {mutation.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(mutation.error, 'Unable to reset the demo account.')}
          />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending ? 'Resetting…' : 'Reset balance'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
