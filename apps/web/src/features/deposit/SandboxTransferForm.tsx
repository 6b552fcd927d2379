import { sandboxTransferSchema, type Wallet } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { sandboxTransfer } from '@/api/payments';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { depositKeys } from './queries';

/** Sandbox networks only: make the sandbox chain send coins here, to try a deposit end to end. */
export function SandboxTransferForm({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('money');
  const id = useId();
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState(wallet.min_deposit);
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (value: string) =>
      sandboxTransfer(wallet.id, value, idempotency.keyFor({ wallet: wallet.id, value })),
    onSuccess: () => {
      idempotency.done();
      toast.success(t('sandbox.sent'));
      void client.invalidateQueries({ queryKey: depositKeys.all });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sandboxTransferSchema.safeParse({ amount: amount.trim() });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? t('sandbox.enterAmount'));
      return;
    }
    setInvalid(null);
    send.mutate(parsed.data.amount);
  }

  const error = invalid ?? (send.isError ? apiErrorMessage(send.error, t('sandbox.failed')) : null);
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-dashed border-warning/60 bg-warning/5 p-4"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-warning">
        <FlaskConical className="size-4" aria-hidden="true" /> {t('sandbox.simulateTitle')}
      </h3>
      <p className="text-xs text-muted-foreground">{t('sandbox.simulateText', { coin: wallet.coin })}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-40 flex-1 flex-col gap-2">
          <Label htmlFor={`${id}-amount`}>{t('deposit.amount.label', { currency: wallet.coin })}</Label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <Button type="submit" variant="outline" disabled={send.isPending}>
          {send.isPending ? t('sandbox.sending') : t('sandbox.simulate')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
