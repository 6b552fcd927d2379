import { sandboxTransferSchema, type Wallet } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
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
      toast.success('Sandbox transfer sent: it appears below as it confirms.');
      void client.invalidateQueries({ queryKey: depositKeys.all });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sandboxTransferSchema.safeParse({ amount: amount.trim() });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Enter an amount');
      return;
    }
    setInvalid(null);
    send.mutate(parsed.data.amount);
  }

  const error =
    invalid ?? (send.isError ? apiErrorMessage(send.error, 'The sandbox transfer failed.') : null);
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border border-dashed border-warning/60 bg-warning/5 p-4"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-warning">
        <FlaskConical className="size-4" aria-hidden="true" /> Sandbox: simulate an incoming transfer
      </h3>
      <p className="text-xs text-muted-foreground">
        Test mode — no real money moves. The sandbox chain sends this many {wallet.coin} to your address and
        confirms it block by block.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-40 flex-1 flex-col gap-2">
          <Label htmlFor={`${id}-amount`}>Amount ({wallet.coin})</Label>
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
          {send.isPending ? 'Sending...' : 'Simulate transfer'}
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
