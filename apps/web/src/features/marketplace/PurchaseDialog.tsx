import type { PurchaseAdvisor } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
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
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { useRefreshUser } from '@/features/accounts/useRefreshUser';
import { formatAmount } from '@/features/money/convert';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { useSessionStore } from '@/stores/sessionStore';
import { purchaseAdvisor } from './marketplaceApi';
import { formatPrice, MARKETPLACE_MESSAGES, type MarketplaceEntry } from './marketplaceItems';
import { PurchaseRefused, purchaseErrorMessage } from './purchaseErrors';
import { marketplaceKeys } from './queries';

/**
 * SPEC §2 marketplace purchase confirmation: the item, its price in USD and the live account that
 * pays (with its balance); Buy or Cancel. The dialog mounts per opening, so its Idempotency-Key is
 * new each time it opens and kept across retries of the same purchase (a lost answer is not a
 * second sale).
 */
export function PurchaseDialog({ entry, onClose }: { entry: MarketplaceEntry; onClose: () => void }) {
  const { t } = useTranslation('account');
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const { keyFor, done } = useIdempotencyKey();
  const allAccounts = useSessionStore((s) => s.user?.accounts);
  const selectedIndex = useSessionStore((s) => s.selectedAccountIndex);
  const live = useMemo(() => (allAccounts ?? []).filter((a) => a.type === 'live'), [allAccounts]);
  const selected = allAccounts?.[selectedIndex];
  const [accountId, setAccountId] = useState<number | undefined>(() =>
    selected?.type === 'live' ? selected.id : live[0]?.id,
  );
  const account = live.find((a) => a.id === accountId);
  const free = entry.price === 0;
  const mutation = useMutation({
    mutationFn: async ({ body, key }: { body: PurchaseAdvisor; key: string }) => {
      const answer = await purchaseAdvisor(body, key);
      if (answer.status !== 'success') throw new PurchaseRefused(answer.message ?? '');
      return answer;
    },
    onSuccess: async () => {
      done();
      toast.success(MARKETPLACE_MESSAGES.purchased);
      void client.invalidateQueries({ queryKey: marketplaceKeys.all });
      await refreshUser();
      onClose();
    },
    onError: (error) => toast.error(purchaseErrorMessage(error)),
  });
  const cannotPay = !free && !account;

  function buy() {
    const body: PurchaseAdvisor = { expert_advisor_id: entry.id };
    if (!free && account) body.account_id = account.id;
    mutation.mutate({ body, key: keyFor(body) });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent
        data-testid="purchase-dialog"
        // Start on Cancel: Enter or Space on arrival must not buy.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          cancel.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('marketplace.purchase.title', { title: entry.title })}</DialogTitle>
          <DialogDescription>{t('marketplace.purchase.description')}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border bg-background/40 p-3 text-sm">
          <dt className="text-muted-foreground">{t('marketplace.purchase.advisor')}</dt>
          <dd className="min-w-0 truncate text-end font-medium">{entry.title}</dd>
          <dt className="text-muted-foreground">{t('marketplace.purchase.price')}</dt>
          <dd data-testid="purchase-price" className="text-end font-semibold tabular-nums">
            {formatPrice(entry.price)}
            {/* i18n-ignore: a currency code */}
            {free ? null : ' USD'}
          </dd>
        </dl>
        {free ? (
          <p className="text-sm text-muted-foreground">{t('marketplace.purchase.nothingCharged')}</p>
        ) : live.length === 0 ? (
          <Alert variant="warning" description={t('marketplace.purchase.needLive')} />
        ) : (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-account`}>{t('marketplace.purchase.payFrom')}</Label>
            <NativeSelect
              id={`${id}-account`}
              value={accountId}
              onChange={(e) => setAccountId(Number(e.target.value))}
              disabled={mutation.isPending}
            >
              {live.map((a) => (
                <option key={a.id} value={a.id}>
                  {t('marketplace.purchase.account', {
                    title: a.title,
                    number: a.number,
                    balance: formatAmount(a.balance, a.currency),
                  })}
                </option>
              ))}
            </NativeSelect>
            {account && account.currency !== 'USD' ? (
              <p className="text-xs text-muted-foreground">
                {t('marketplace.purchase.charged', { currency: account.currency })}
              </p>
            ) : null}
          </div>
        )}
        {mutation.isError ? (
          <Alert variant="destructive" description={purchaseErrorMessage(mutation.error)} />
        ) : null}
        <DialogFooter>
          <Button ref={cancel} variant="outline" onClick={onClose} disabled={mutation.isPending}>
            {t('marketplace.purchase.cancel')}
          </Button>
          <Button onClick={buy} disabled={mutation.isPending || cannotPay}>
            {mutation.isPending ? t('marketplace.purchase.buying') : t('marketplace.purchase.buy')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
