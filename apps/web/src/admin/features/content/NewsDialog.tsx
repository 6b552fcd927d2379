import type { NewsItemOut } from '@openbroker/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { TextArea } from '../approvals/TextArea';
import { Field, firstErrors, fromUtcInput, invalid, toUtcInput } from './fields';
import { useSaveNews } from './queries';

const EMPTY = { title: '', summary: '', source: '', url: '', published_at: '', symbols: '' };

/** Add or edit a manual headline (symbols as a comma-separated list of display symbols). */
export function NewsDialog(props: {
  item: NewsItemOut | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const save = useSaveNews();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { item, open } = props;

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setFailure(null);
    setForm(
      item
        ? {
            title: item.title,
            summary: item.summary,
            source: item.source,
            url: item.url ?? '',
            published_at: toUtcInput(item.published_at),
            symbols: item.symbols.join(', '),
          }
        : { ...EMPTY, published_at: toUtcInput(new Date().toISOString()) },
    );
  }, [item, open]);

  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    const body = {
      title: form.title,
      summary: form.summary,
      source: form.source,
      url: form.url.trim() === '' ? null : form.url.trim(),
      published_at: fromUtcInput(form.published_at),
      symbols: form.symbols
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    };
    try {
      await save.mutateAsync({ id: item?.id, body });
      toast.success(item ? t('newsDialog.saved') : t('newsDialog.publishedToast'));
      props.onOpenChange(false);
    } catch (err) {
      setErrors(firstErrors(apiFieldErrors(err)));
      setFailure(apiErrorMessage(err, t('newsDialog.saveFailed')));
    }
  }

  const input = (k: keyof typeof EMPTY, label: string, extra: object = {}) => (
    <Field id={`${id}-${k}`} label={label} error={errors[k]}>
      <Input
        id={`${id}-${k}`}
        value={form[k]}
        onChange={set(k)}
        {...invalid(`${id}-${k}`, errors[k])}
        {...extra}
      />
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{item ? t('newsDialog.editTitle') : t('newsDialog.addTitle')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          {failure && Object.keys(errors).length === 0 ? (
            <Alert variant="destructive" title={failure} />
          ) : null}
          {input('title', t('newsDialog.title'))}
          <Field id={`${id}-summary`} label={t('newsDialog.summary')} error={errors.summary}>
            <TextArea
              id={`${id}-summary`}
              value={form.summary}
              onChange={set('summary')}
              rows={4}
              {...invalid(`${id}-summary`, errors.summary)}
            />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            {input('source', t('newsDialog.source'))}
            {input('published_at', t('newsDialog.published'), { type: 'datetime-local' })}
          </div>
          {/* i18n-ignore: an address prefix, the same in every language */}
          {input('url', t('newsDialog.url'), { type: 'url', placeholder: 'https://', dir: 'ltr' })}
          {/* i18n-ignore: instrument symbols */}
          {input('symbols', t('newsDialog.symbols'), { placeholder: 'EUR/USD, XAU/USD', dir: 'ltr' })}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {item ? t('shared.save') : t('newsDialog.publish')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
