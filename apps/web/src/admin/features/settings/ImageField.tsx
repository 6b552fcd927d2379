import { ImageOff, Upload, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Label';
import { cn } from '@/lib/utils';

/**
 * An image setting: a preview, an upload button and a remove button. The upload only stores the
 * file; its URL becomes this field's (unsaved) value, saved with the rest of the form.
 */
export function ImageField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  /** `image/…` types the picker offers (the server checks the bytes anyway). */
  accept: string;
  error?: string | undefined;
  dirty?: boolean;
  previewClassName?: string;
  upload: (file: File) => Promise<{ url: string }>;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('adminOps');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const error = uploadError ?? props.error;

  async function picked(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    setUploadError(null);
    try {
      props.onChange((await props.upload(file)).url);
    } catch (err) {
      setUploadError(apiFieldErrors(err).file?.[0] ?? apiErrorMessage(err, t('settings.image.uploadFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>
        {props.label}
        {props.dirty ? <span className="text-primary text-xs">{t('shared.changed')}</span> : null}
      </Label>
      <div className="flex flex-wrap items-center gap-3">
        <div
          className={cn(
            'flex h-14 min-w-14 items-center justify-center overflow-hidden rounded-md border bg-muted/40 px-2',
            props.previewClassName,
          )}
        >
          {props.value ? (
            <img
              src={props.value}
              alt={t('settings.image.preview', { label: props.label })}
              className="max-h-12 max-w-48 object-contain"
            />
          ) : (
            <ImageOff
              className="size-5 text-muted-foreground"
              role="img"
              aria-label={t('settings.image.noImage')}
            />
          )}
        </div>
        <input
          ref={input}
          id={props.id}
          type="file"
          accept={props.accept}
          className="sr-only"
          tabIndex={-1}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          onChange={picked}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          <Upload className="size-4" aria-hidden="true" />
          {busy ? t('settings.image.uploading') : t('settings.image.upload')}
          <span className="sr-only"> {props.label}</span>
        </Button>
        {props.value ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => props.onChange('')}>
            <X className="size-4" aria-hidden="true" />
            {t('settings.image.remove')}
            <span className="sr-only"> {props.label}</span>
          </Button>
        ) : null}
      </div>
      <span role="status" className="sr-only">
        {busy ? t('settings.image.uploading') : ''}
      </span>
      <p id={hintId} className="text-muted-foreground text-xs">
        {props.hint}
      </p>
      {error ? (
        <p className="text-destructive text-xs" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
