import { ledgerAdjustmentSchema } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
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
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { TextArea } from '../approvals/TextArea';
import { formatAmount } from './format';
import { type AdjustmentResult, useAdjust } from './queries';

export interface AdjustableAccount {
  id: number;
  number: string;
  currency: string;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-destructive text-xs">
      {message}
    </p>
  ) : null;
}

/**
 * A staff credit or debit of a balance or credit, with a reason. Below the four-eyes threshold it
 * applies at once (the new figures are shown); from it on it waits for a second approver.
 */
export function AdjustDialog(props: {
  clientId: number;
  accounts: AdjustableAccount[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const adjust = useAdjust();
  const [accountId, setAccountId] = useState(String(props.accounts[0]?.id ?? ''));
  const [field, setField] = useState<'balance' | 'credit'>('balance');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [result, setResult] = useState<AdjustmentResult | null>(null);
  const account = props.accounts.find((a) => String(a.id) === accountId);

  function close(open: boolean) {
    props.onOpenChange(open);
    if (!open) {
      setResult(null);
      setAmount('');
      setReason('');
      setErrors({});
      adjust.reset();
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ledgerAdjustmentSchema.safeParse({
      field,
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      reason,
    });
    if (!parsed.success || !account) {
      const issues = parsed.success ? [] : parsed.error.issues;
      setErrors({
        ...Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message])),
        ...(account ? {} : { account: 'Choose an account' }),
      });
      return;
    }
    setErrors({});
    adjust.mutate(
      { accountId: account.id, input: parsed.data },
      {
        onSuccess: setResult,
        onError: (err) => {
          const fields = apiFieldErrors(err);
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
        },
      },
    );
  }

  const currency = account?.currency ?? 'USD';
  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adjust balance or credit</DialogTitle>
          <DialogDescription>
            A positive amount credits, a negative one debits. Large amounts wait for a second approver.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="flex flex-col gap-4">
            {result.status === 'applied' ? (
              <Alert
                variant="success"
                title="Applied"
                description={`New balance ${formatAmount(result.balance, currency)}, credit ${formatAmount(result.credit_balance, currency)}.`}
              />
            ) : (
              <Alert
                variant="warning"
                title="Waiting for a second approver"
                description={`${result.approval.summary}. It takes effect when another staff member approves it.`}
              />
            )}
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-account`}>Account</Label>
                <NativeSelect
                  id={`${id}-account`}
                  value={accountId}
                  onChange={(e) => setAccountId(e.target.value)}
                  aria-describedby={`${id}-account-error`}
                >
                  {props.accounts.map((a) => (
                    <option key={a.id} value={String(a.id)}>
                      {a.number} ({a.currency})
                    </option>
                  ))}
                </NativeSelect>
                <FieldError id={`${id}-account-error`} message={errors.account} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-field`}>Field</Label>
                <NativeSelect
                  id={`${id}-field`}
                  value={field}
                  onChange={(e) => setField(e.target.value === 'credit' ? 'credit' : 'balance')}
                >
                  <option value="balance">Balance</option>
                  <option value="credit">Credit</option>
                </NativeSelect>
              </div>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-amount`}>Amount ({currency})</Label>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                placeholder="e.g. 250.00 or -40"
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={`${id}-amount-error`}
              />
              <FieldError id={`${id}-amount-error`} message={errors.amount} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-reason`}>Reason</Label>
              <TextArea
                id={`${id}-reason`}
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={`${id}-reason-error`}
              />
              <FieldError id={`${id}-reason-error`} message={errors.reason} />
            </div>
            {adjust.error && Object.keys(apiFieldErrors(adjust.error)).length === 0 ? (
              <Alert
                variant="destructive"
                description={apiErrorMessage(adjust.error, 'The adjustment did not go through. Try again.')}
              />
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={adjust.isPending}>
                Adjust
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
