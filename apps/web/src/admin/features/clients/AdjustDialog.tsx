import { ledgerAdjustmentSchema } from '@openbroker/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { localizeMessage } from '@/lib/validationMessage';
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
      {localizeMessage(message)}
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
  const { t } = useTranslation('adminClients');
  const id = useId();
  const adjust = useAdjust();
  const [accountId, setAccountId] = useState(String(props.accounts[0]?.id ?? ''));
  const [field, setField] = useState<'balance' | 'credit'>('balance');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [result, setResult] = useState<AdjustmentResult | null>(null);
  const account = props.accounts.find((a) => String(a.id) === accountId);
  // The form (and its focused button) gives way to the outcome: focus follows to Done.
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (result) doneRef.current?.focus();
  }, [result]);

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
        ...(account ? {} : { account: t('validation.chooseAccount') }),
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
          <DialogTitle>{t('adjust.title')}</DialogTitle>
          <DialogDescription>{t('adjust.description')}</DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="flex flex-col gap-4">
            {result.status === 'applied' ? (
              <Alert
                variant="success"
                title={t('adjust.applied')}
                description={t('adjust.appliedText', {
                  balance: formatAmount(result.balance, currency),
                  credit: formatAmount(result.credit_balance, currency),
                })}
              />
            ) : (
              <Alert
                variant="warning"
                title={t('adjust.waiting')}
                description={t('adjust.waitingText', { summary: result.approval.summary })}
              />
            )}
            <DialogFooter>
              <Button ref={doneRef} onClick={() => close(false)}>
                {t('adjust.done')}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-account`}>{t('adjust.account')}</Label>
                <NativeSelect
                  id={`${id}-account`}
                  value={accountId}
                  onChange={(e) => setAccountId(e.target.value)}
                  aria-describedby={errors.account ? `${id}-account-error` : undefined}
                >
                  {props.accounts.map((a) => (
                    <option key={a.id} value={String(a.id)}>
                      {t('adjust.accountOption', { number: a.number, currency: a.currency })}
                    </option>
                  ))}
                </NativeSelect>
                <FieldError id={`${id}-account-error`} message={errors.account} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-field`}>{t('adjust.field')}</Label>
                <NativeSelect
                  id={`${id}-field`}
                  value={field}
                  onChange={(e) => setField(e.target.value === 'credit' ? 'credit' : 'balance')}
                >
                  <option value="balance">{t('adjust.balance')}</option>
                  <option value="credit">{t('adjust.credit')}</option>
                </NativeSelect>
              </div>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-amount`}>{t('adjust.amount', { currency })}</Label>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                placeholder={t('adjust.amountPlaceholder')}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
              />
              <FieldError id={`${id}-amount-error`} message={errors.amount} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-reason`}>{t('adjust.reason')}</Label>
              <TextArea
                id={`${id}-reason`}
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
              />
              <FieldError id={`${id}-reason-error`} message={errors.reason} />
            </div>
            {adjust.error && Object.keys(apiFieldErrors(adjust.error)).length === 0 ? (
              <Alert variant="destructive" description={apiErrorMessage(adjust.error, t('adjust.failed'))} />
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                {t('shared.cancel')}
              </Button>
              <Button type="submit" disabled={adjust.isPending}>
                {t('adjust.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
