import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
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
import { TextArea } from '../approvals/TextArea';
import { localIssue } from '../settings/localIssue';

type Rejection<C extends string> = { reason_code: C; reason: string };

/**
 * Rejecting money always takes a coded reason (whose label the customer reads) and words for the
 * record, checked by the domain's schema before anything is sent.
 */
export function ReasonDialog<C extends string>(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  codes: readonly C[];
  labels: Readonly<Record<C, string>>;
  schema: z.ZodType<Rejection<C>>;
  pending: boolean;
  onReject: (body: Rejection<C>) => void;
}) {
  const { t } = useTranslation('adminOps');
  const id = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = props.schema.safeParse({ reason_code: code, reason });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), localIssue(i.message)])),
      );
      return;
    }
    setErrors({});
    props.onReject(parsed.data);
  }

  const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-destructive text-xs">
        {errors[field]}
      </p>
    ) : null;

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
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-code`}>{t('shared.reason')}</Label>
            <NativeSelect
              ref={reasonRef}
              id={`${id}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={errors.reason_code ? true : undefined}
              aria-describedby={described('reason_code')}
            >
              <option value="">{t('shared.chooseReason')}</option>
              {props.codes.map((c) => (
                <option key={c} value={c}>
                  {props.labels[c]}
                </option>
              ))}
            </NativeSelect>
            {error('reason_code')}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reason`}>{t('shared.explanation')}</Label>
            <TextArea
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={described('reason')}
            />
            {error('reason')}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => props.onOpenChange(false)}>
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
