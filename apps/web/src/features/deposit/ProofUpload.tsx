import type { Deposit } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { uploadDepositProof } from '@/api/payments';
import { Button } from '@/components/ui/Button';
import { formatPercent } from '@/i18n/format';
import { PROOF_ACCEPT, proofFileError } from './proofFile';
import { depositKeys } from './queries';

/** The upload of a wire transfer's confirmation for staff to match against the bank statement. */
export function ProofUpload({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation('money');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadDepositProof(deposit.id, file, setProgress),
    onSuccess: () => {
      toast.success(t('deposit.proof.uploaded'));
      void client.invalidateQueries({ queryKey: depositKeys.all });
    },
    onSettled: () => setProgress(null),
  });

  function choose(file: File) {
    const problem = proofFileError(file);
    setInvalid(problem);
    if (problem) return;
    upload.mutate(file);
  }

  const error = invalid ?? (upload.isError ? apiErrorMessage(upload.error, t('deposit.proof.failed')) : null);
  const label = t('deposit.proof.inputLabel', { deposit: deposit.reference ?? deposit.id });
  return (
    <div className="flex flex-col gap-2">
      {deposit.proof_name ? (
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="truncate">{t('deposit.proof.current', { name: deposit.proof_name })}</span>
        </p>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        className="sr-only"
        tabIndex={-1}
        accept={PROOF_ACCEPT}
        aria-label={label}
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) choose(file);
        }}
      />
      <Button
        size="sm"
        variant="outline"
        className="self-start"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <Upload aria-hidden="true" />
        {upload.isPending
          ? progress === null
            ? t('deposit.proof.uploading')
            : t('deposit.proof.uploadingProgress', { progress: formatPercent(progress, 0) })
          : deposit.proof_name
            ? t('deposit.proof.replace')
            : t('deposit.proof.upload')}
      </Button>
      <p className="text-xs text-muted-foreground">{t('deposit.proof.hint')}</p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
