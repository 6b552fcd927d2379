import { staffStopRunSchema } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
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

const REASON_MESSAGE = 'Give a reason of at least 3 characters';

/**
 * Staff stop any run with a reason (kept in the run's log and the audit trail). The run's open
 * positions stay open: the customer or a colleague closes them as trades.
 */
export function StopRunDialog(props: { run: AdminRun; onClose: () => void }) {
  const id = useId();
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
      setError(REASON_MESSAGE);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(null);
    stop.mutate(
      { id: props.run.id, reason: parsed.data.reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? `${runTitle(props.run)} stopped`);
          props.onClose();
        },
        onError: (err) => setFailure(apiErrorMessage(err, 'The run was not stopped. Try again.')),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Stop {runTitle(props.run)}</DialogTitle>
            <DialogDescription>
              Stops the run for {who} now; it places no further orders. Its open positions stay open. The
              customer is notified.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <TextArea
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
                Kept in the run's log and the audit trail.
              </p>
            )}
          </div>
          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          <DialogFooter>
            <Button variant="outline" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={stop.isPending}>
              {stop.isPending ? 'Stopping…' : 'Stop run'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
