import type { NewsSource } from '@openbroker/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
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
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Field, firstErrors, invalid } from './fields';
import { useSaveSource } from './queries';

/** Add or edit an RSS/Atom source. */
export function SourceDialog(props: {
  source: NewsSource | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const save = useSaveSource();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { source, open } = props;

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setFailure(null);
    setName(source?.name ?? '');
    setUrl(source?.url ?? '');
    setEnabled(source?.enabled ?? true);
  }, [source, open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      await save.mutateAsync({ id: source?.id, body: { name, url: url.trim(), enabled } });
      toast.success(source ? t('sourceDialog.saved') : t('sourceDialog.added'));
      props.onOpenChange(false);
    } catch (err) {
      setErrors(firstErrors(apiFieldErrors(err)));
      setFailure(apiErrorMessage(err, t('sourceDialog.saveFailed')));
    }
  }

  return (
    <Dialog open={open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{source ? t('sourceDialog.editTitle') : t('sourceDialog.addTitle')}</DialogTitle>
          <DialogDescription>{t('sourceDialog.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          {failure && Object.keys(errors).length === 0 ? (
            <Alert variant="destructive" title={failure} />
          ) : null}
          <Field id={`${id}-name`} label={t('sourceDialog.name')} error={errors.name}>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              {...invalid(`${id}-name`, errors.name)}
            />
          </Field>
          <Field id={`${id}-url`} label={t('sourceDialog.url')} error={errors.url}>
            <Input
              id={`${id}-url`}
              type="url"
              dir="ltr"
              // i18n-ignore: an address, the same in every language
              placeholder="https://example.com/feed.xml"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              {...invalid(`${id}-url`, errors.url)}
            />
          </Field>
          <div className="flex items-center gap-2">
            <input
              id={`${id}-enabled`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
            />
            <Label htmlFor={`${id}-enabled`}>{t('sourceDialog.enabled')}</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {source ? t('shared.save') : t('sourceDialog.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
