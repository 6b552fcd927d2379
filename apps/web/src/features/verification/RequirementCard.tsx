import type { DocumentSide, DocumentType, VerificationRequirement } from '@openbroker/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { formatDate } from '@/i18n/format';
import { FileSlot } from './FileSlot';
import { StateBadge } from './StateBadge';
import {
  documentTypeLabel,
  fileInSlot,
  fileProblem,
  hintFor,
  initialType,
  readyToSubmit,
  slotsFor,
  TYPES_FOR,
} from './uploadPlan';
import { useSubmitRequirement, useUploadDocument } from './verificationApi';

/** One requirement: its state, why it was rejected, and (when allowed) the files and Submit. */
export function RequirementCard({ req }: { req: VerificationRequirement }) {
  const { t } = useTranslation('account');
  const id = useId();
  const [type, setType] = useState<DocumentType>(() => initialType(req.kind, req.documents));
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadDocument();
  const submit = useSubmitRequirement();
  const types = TYPES_FOR[req.kind];
  const slots = slotsFor(req.kind, type);
  const busy = upload.isPending || submit.isPending;
  const ready = readyToSubmit(req.kind, type, req.documents);

  function send(side: DocumentSide | null, file: File) {
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const key = String(side);
    upload.mutate(
      {
        requirement: req.kind,
        documentType: type,
        side,
        file,
        onProgress: (p) => setProgress((s) => ({ ...s, [key]: p })),
      },
      {
        onError: (e) => setError(apiErrorMessage(e, t('verification.uploadFailed'))),
        onSettled: () =>
          setProgress((s) => {
            const { [key]: _, ...rest } = s;
            return rest;
          }),
      },
    );
  }

  function doSubmit() {
    setError(null);
    submit.mutate(req.kind, {
      onSuccess: () => toast.success(t('verification.sent', { label: req.label })),
      onError: (e) => setError(apiErrorMessage(e, t('verification.submitFailed'))),
    });
  }

  const submitted = req.documents.filter((d) => d.submitted);
  return (
    <Card className="gap-4 py-5" aria-labelledby={`${id}-title`}>
      <CardHeader className="px-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={`${id}-title`} className="text-base">
            {req.label}
          </CardTitle>
          <StateBadge state={req.state} label={req.state_label} />
        </div>
        <CardDescription>
          {req.needed_for_level === null
            ? t('verification.optional')
            : t('verification.neededFor', { level: req.needed_for_level })}{' '}
          {req.state === 'verified' && req.expires_at
            ? t('verification.validUntil', { date: formatDate(req.expires_at) })
            : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-5">
        {req.reason ? (
          <Alert
            variant="destructive"
            title={req.state === 'rejected_final' ? t('verification.notAccepted') : t('verification.whyNot')}
            description={req.reason}
          />
        ) : null}
        {req.state === 'rejected' || req.state === 'not_submitted' || req.state === 'expired' ? (
          <p className="text-muted-foreground text-xs">
            {t('verification.submissionsLeft', { count: req.submissions_left })}
          </p>
        ) : null}
        {req.state === 'pending' ? <p className="text-sm">{t('verification.reviewing')}</p> : null}
        {submitted.length > 0 && !req.can_upload ? (
          <ul className="flex flex-col gap-1 text-sm">
            {submitted.map((d) => (
              <li key={d.id}>
                <a
                  href={d.download_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary hover:underline"
                >
                  {d.file_name}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {req.can_upload ? (
          <>
            <p className="text-muted-foreground text-sm">{hintFor(req.kind)}</p>
            {types.length > 1 ? (
              <div className="flex max-w-xs flex-col gap-1.5">
                <Label htmlFor={`${id}-type`}>{t('verification.documentType')}</Label>
                <NativeSelect
                  id={`${id}-type`}
                  value={type}
                  disabled={busy}
                  onChange={(e) => setType(e.target.value as DocumentType)}
                >
                  {types.map((option) => (
                    <option key={option} value={option}>
                      {documentTypeLabel(option)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {slots.map((slot) => (
                <FileSlot
                  key={String(slot.side)}
                  label={slot.label}
                  doc={fileInSlot(req.documents, type, slot)}
                  selfie={req.kind === 'selfie'}
                  disabled={busy}
                  progress={progress[String(slot.side)] ?? null}
                  onFile={(f) => send(slot.side, f)}
                />
              ))}
            </div>
            {error ? (
              <p role="alert" className="text-destructive text-sm">
                {error}
              </p>
            ) : null}
            <div>
              <Button type="button" disabled={!ready || busy} onClick={doSubmit}>
                {submit.isPending ? t('verification.submitting') : t('verification.submit')}
              </Button>
              {!ready ? (
                <p className="mt-1 text-muted-foreground text-xs">{t('verification.addEveryFile')}</p>
              ) : null}
            </div>
          </>
        ) : error ? (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
