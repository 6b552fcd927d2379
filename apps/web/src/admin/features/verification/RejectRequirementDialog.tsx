import {
  VERIFICATION_REJECTION_CODES,
  type VerificationReject,
  verificationRejectSchema,
} from '@openbroker/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextArea } from '@/admin/features/approvals/TextArea';
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
import { localIssue } from '../settings/localIssue';

/** A rejection: coded reason, a message the customer reads, a comment only staff see, final or not. */
export function RejectRequirementDialog(props: {
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onReject: (body: VerificationReject) => void;
}) {
  const { t } = useTranslation('adminOps');
  const id = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [comment, setComment] = useState('');
  const [final, setFinal] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = verificationRejectSchema.safeParse({ reason_code: code, message, comment, final });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? localIssue(issue) : t('verification.reject.checkForm'));
      return;
    }
    setError(null);
    props.onReject(parsed.data);
  }
  const chosen = VERIFICATION_REJECTION_CODES.find((c) => c === code);
  const preview = chosen ? t(`labels.verificationRejectionText.${chosen}`) : null;
  const errorId = `${id}-error`;

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        onOpenAutoFocus={(e) => {
          // The reason first: never the Reject button.
          e.preventDefault();
          reasonRef.current?.focus();
        }}
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              {t('verification.reject.title', { label: props.label.toLocaleLowerCase() })}
            </DialogTitle>
            <DialogDescription>{t('verification.reject.description')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-code`}>{t('shared.reason')}</Label>
            <NativeSelect
              ref={reasonRef}
              id={`${id}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={error && !code ? true : undefined}
              aria-describedby={error && !code ? errorId : undefined}
            >
              <option value="">{t('shared.chooseReason')}</option>
              {VERIFICATION_REJECTION_CODES.map((c) => (
                <option key={c} value={c}>
                  {t(`labels.verificationRejection.${c}`)}
                </option>
              ))}
            </NativeSelect>
            {preview ? (
              <p className="text-muted-foreground text-xs">
                {t('verification.reject.preview', { text: preview })}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-message`}>{t('verification.reject.message')}</Label>
            <TextArea
              id={`${id}-message`}
              value={message}
              maxLength={500}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-comment`}>{t('verification.reject.comment')}</Label>
            <TextArea
              id={`${id}-comment`}
              value={comment}
              maxLength={2000}
              onChange={(e) => setComment(e.target.value)}
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={final} onChange={(e) => setFinal(e.target.checked)} />
            {t('verification.reject.final')}
          </label>
          {error ? (
            <p id={errorId} role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={props.pending}>
              {t('shared.reject')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
