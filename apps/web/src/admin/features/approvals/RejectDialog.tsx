import { type Approval, approvalRejectSchema, REJECTION_CODES } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { localizeMessage } from '@/lib/validationMessage';
import { TextArea } from './TextArea';

/**
 * Rejecting always takes a coded reason and words for the record (DESIGN §12). The dialog opens on
 * the reason, never on the Reject button.
 */
export function RejectDialog(props: {
  approval: Approval;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onReject: (body: { reason_code: (typeof REJECTION_CODES)[number]; reason: string }) => void;
}) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = approvalRejectSchema.safeParse({ reason_code: code, reason });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    props.onReject(parsed.data);
  }

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('reject.title')}</DialogTitle>
            <DialogDescription>{props.approval.summary}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-code`}>{t('reject.reason')}</Label>
            <NativeSelect
              id={`${id}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={errors.reason_code ? true : undefined}
              aria-describedby={errors.reason_code ? `${id}-code-error` : undefined}
            >
              <option value="">{t('reject.choose')}</option>
              {REJECTION_CODES.map((c) => (
                <option key={c} value={c}>
                  {t(`approvals.reasons.${c}`)}
                </option>
              ))}
            </NativeSelect>
            {errors.reason_code ? (
              <p id={`${id}-code-error`} className="text-destructive text-xs">
                {localizeMessage(errors.reason_code)}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reason`}>{t('reject.explanation')}</Label>
            <TextArea
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            />
            {errors.reason ? (
              <p id={`${id}-reason-error`} className="text-destructive text-xs">
                {localizeMessage(errors.reason)}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => props.onOpenChange(false)}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={props.pending}>
              {t('reject.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
