import { staffStopRunSchema } from '@openbroker/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
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
import { Label } from '@/components/ui/Label';
import { TextArea } from '../approvals/TextArea';
import { type AdminRun, useStopRun } from './queries';
import { customerOf, runTitle } from './runText';

/**
 * Staff stop any run with a reason (kept in the run's log and the audit trail). The run's open
 * positions stay open: the customer or a colleague closes them as trades.
 */
export function StopRunDialog(props: { run: AdminRun; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const stop = useStopRun();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const who = customerOf(props.run);

  function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const parsed = staffStopRunSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(t('advisors.stop.reasonError'));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(null);
    stop.mutate(
      { id: props.run.id, reason: parsed.data.reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? t('advisors.stop.stopped', { run: runTitle(props.run) }));
          props.onClose();
        },
        onError: (err) => setFailure(apiErrorMessage(err, t('advisors.stop.failed'))),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <DialogContent
        // Start on the reason, never on the destructive button.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          reasonRef.current?.focus();
        }}
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('advisors.stop.title', { run: runTitle(props.run) })}</DialogTitle>
            <DialogDescription>{t('advisors.stop.description', { customer: who })}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reason`}>{t('advisors.stop.reason')}</Label>
            <TextArea
              ref={reasonRef}
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-reason-error` : `${id}-reason-hint`}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p id={`${id}-reason-error`} className="text-destructive text-xs">
                {error}
              </p>
            ) : (
              <p id={`${id}-reason-hint`} className="text-muted-foreground text-xs">
                {t('advisors.stop.reasonHint')}
              </p>
            )}
          </div>
          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          <DialogFooter>
            <Button variant="outline" onClick={props.onClose}>
              {t('advisors.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={stop.isPending}>
              {stop.isPending ? t('advisors.stop.stopping') : t('advisors.stop.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
