import type { VerificationDocument } from '@openbroker/domain';
import { Camera, FileText, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { formatPercent } from '@/i18n/format';
import { ACCEPT_ATTR } from './uploadPlan';

/**
 * One file to provide (front, back, selfie, a bill): what is uploaded so far and a button that
 * opens the file picker, or the front camera for a selfie.
 */
export function FileSlot(props: {
  label: string;
  doc: VerificationDocument | undefined;
  selfie: boolean;
  disabled: boolean;
  progress: number | null;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { doc } = props;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-sm" id={`${id}-label`}>
          {props.label}
        </span>
        {props.progress !== null ? (
          <span className="text-muted-foreground text-xs" aria-live="polite">
            {t('verification.slot.uploading', { percent: formatPercent(props.progress, 0) })}
          </span>
        ) : null}
      </div>
      {props.progress !== null ? (
        <progress className="h-1.5 w-full" max={100} value={props.progress} aria-labelledby={`${id}-label`} />
      ) : null}
      {doc ? (
        <a
          href={doc.download_url}
          target="_blank"
          rel="noopener noreferrer"
          className="flex min-w-0 items-center gap-2 text-primary text-sm underline-offset-4 hover:underline"
        >
          {doc.is_image ? (
            <img src={doc.download_url} alt="" className="size-10 shrink-0 rounded object-cover" />
          ) : (
            <FileText className="size-5 shrink-0" aria-hidden />
          )}
          <span className="truncate">{doc.file_name}</span>
        </a>
      ) : (
        <p className="text-muted-foreground text-xs">{t('verification.slot.noFile')}</p>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        className="sr-only"
        tabIndex={-1}
        accept={props.selfie ? 'image/*' : ACCEPT_ATTR}
        capture={props.selfie ? 'user' : undefined}
        aria-labelledby={`${id}-label`}
        disabled={props.disabled}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) props.onFile(f);
        }}
      />
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={props.disabled}
        onClick={() => input.current?.click()}
        // The name starts with the words on the button (WCAG 2.5.3), then says which file.
        aria-label={t(
          doc
            ? 'verification.slot.replaceLabel'
            : props.selfie
              ? 'verification.slot.photoLabel'
              : 'verification.slot.chooseLabel',
          { label: props.label },
        )}
      >
        {props.selfie ? <Camera aria-hidden /> : <Upload aria-hidden />}
        {doc
          ? t('verification.slot.replace')
          : props.selfie
            ? t('verification.slot.photo')
            : t('verification.slot.choose')}
      </Button>
    </div>
  );
}
