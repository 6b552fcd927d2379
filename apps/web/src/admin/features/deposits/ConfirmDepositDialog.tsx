import { confirmDepositSchema } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDeposit, ConfirmDeposit } from '@/api/adminMoney';
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
import { TextArea } from '../approvals/TextArea';
import { localIssue } from '../settings/localIssue';
import { formatAmount } from './format';

/**
 * Staff confirm what actually arrived on a wire: the amount announced is prefilled and may be
 * changed to what the bank statement shows; the account is credited with it, less the fee.
 */
export function ConfirmDepositDialog(props: {
  deposit: AdminDeposit;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: (body: ConfirmDeposit) => void;
}) {
  const { t } = useTranslation('adminOps');
  const id = useId();
  const [amount, setAmount] = useState(String(props.deposit.amount));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const typed = Number(amount.trim());
  const shown =
    amount.trim() !== '' && Number.isFinite(typed) ? formatAmount(typed, props.deposit.currency) : '';

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = confirmDepositSchema.safeParse({
      amount: amount.trim() === '' ? Number.NaN : typed,
      note: note.trim() === '' ? undefined : note,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), localIssue(i.message)])),
      );
      return;
    }
    setErrors({});
    props.onConfirm(parsed.data);
  }

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('deposits.confirm.title')}</DialogTitle>
            <DialogDescription>
              {t('deposits.confirm.description', {
                reference: props.deposit.reference ?? '—',
                name: props.deposit.user.name,
                account: props.deposit.account_number,
              })}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-amount`}>
              {t('deposits.confirm.amount', { currency: props.deposit.currency })}
            </Label>
            <Input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setErrors(({ amount: _gone, ...rest }) => rest);
              }}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? `${id}-amount-error` : `${id}-amount-hint`}
            />
            {errors.amount ? (
              <p id={`${id}-amount-error`} className="text-destructive text-xs">
                {errors.amount}
              </p>
            ) : (
              <p id={`${id}-amount-hint`} className="text-muted-foreground text-xs">
                {t('deposits.confirm.announced', {
                  amount: formatAmount(props.deposit.amount, props.deposit.currency),
                })}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-note`}>{t('deposits.confirm.note')}</Label>
            <TextArea
              id={`${id}-note`}
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => props.onOpenChange(false)}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" disabled={props.pending}>
              {shown ? t('deposits.confirm.confirmAmount', { amount: shown }) : t('deposits.confirm.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
