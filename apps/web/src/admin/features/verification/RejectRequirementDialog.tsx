import {
  VERIFICATION_REJECTION_CODES,
  VERIFICATION_REJECTION_LABELS,
  VERIFICATION_REJECTION_TEXTS,
  type VerificationReject,
  verificationRejectSchema,
} from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
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

/** A rejection: coded reason, a message the customer reads, a comment only staff see, final or not. */
export function RejectRequirementDialog(props: {
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onReject: (body: VerificationReject) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [comment, setComment] = useState('');
  const [final, setFinal] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = verificationRejectSchema.safeParse({ reason_code: code, message, comment, final });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form.');
      return;
    }
    setError(null);
    props.onReject(parsed.data);
  }
  const preview = (VERIFICATION_REJECTION_CODES as readonly string[]).includes(code)
    ? VERIFICATION_REJECTION_TEXTS[code as (typeof VERIFICATION_REJECTION_CODES)[number]]
    : null;

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Reject {props.label.toLowerCase()}</DialogTitle>
            <DialogDescription>
              The customer is notified and sees the reason and your message.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-code`}>Reason</Label>
            <NativeSelect
              id={`${id}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={error && !code ? true : undefined}
            >
              <option value="">Choose a reason…</option>
              {VERIFICATION_REJECTION_CODES.map((c) => (
                <option key={c} value={c}>
                  {VERIFICATION_REJECTION_LABELS[c]}
                </option>
              ))}
            </NativeSelect>
            {preview ? <p className="text-muted-foreground text-xs">Customer reads: “{preview}”</p> : null}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-message`}>Message to the customer (optional)</Label>
            <TextArea
              id={`${id}-message`}
              value={message}
              maxLength={500}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-comment`}>Staff comment (never shown to the customer)</Label>
            <TextArea
              id={`${id}-comment`}
              value={comment}
              maxLength={2000}
              onChange={(e) => setComment(e.target.value)}
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={final} onChange={(e) => setFinal(e.target.checked)} />
            Final: the customer cannot submit this again
          </label>
          {error ? (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={props.pending}>
              Reject
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
