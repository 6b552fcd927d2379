import type { CalendarEventOut } from '@openbroker/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { Field, firstErrors, fromUtcInput, invalid, toUtcInput } from './fields';
import { useSaveEvent } from './queries';

const EMPTY = {
  time: '',
  country: '',
  currency: '',
  title: '',
  importance: '0',
  actual: '',
  forecast: '',
  previous: '',
};

/** Add or edit one calendar event; the server validates with the domain schema and answers per field. */
export function EventDialog(props: {
  event: CalendarEventOut | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('adminClients');
  const id = useId();
  const save = useSaveEvent();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { event, open } = props;

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setFailure(null);
    setForm(
      event
        ? {
            time: toUtcInput(event.time),
            country: event.country,
            currency: event.currency,
            title: event.title,
            importance: String(event.importance),
            actual: event.actual ?? '',
            forecast: event.forecast ?? '',
            previous: event.previous ?? '',
          }
        : EMPTY,
    );
  }, [event, open]);

  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFailure(null);
    const body = { ...form, time: fromUtcInput(form.time), importance: Number(form.importance) };
    try {
      await save.mutateAsync({ id: event?.id, body });
      toast.success(event ? t('event.saved') : t('event.added'));
      props.onOpenChange(false);
    } catch (err) {
      setErrors(firstErrors(apiFieldErrors(err)));
      setFailure(apiErrorMessage(err, t('event.saveFailed')));
    }
  }

  const field = (k: keyof typeof EMPTY, label: string, extra: object = {}) => (
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
          <DialogTitle>{event ? t('event.editTitle') : t('event.addTitle')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
          {failure && Object.keys(errors).length === 0 ? (
            <Alert variant="destructive" title={failure} className="sm:col-span-2" />
          ) : null}
          <div className="sm:col-span-2">{field('title', t('event.title'))}</div>
          {field('time', t('event.time'), { type: 'datetime-local' })}
          <Field id={`${id}-importance`} label={t('event.importance')} error={errors.importance}>
            <NativeSelect id={`${id}-importance`} value={form.importance} onChange={set('importance')}>
              <option value="-1">{t('content.importance.low')}</option>
              <option value="0">{t('content.importance.medium')}</option>
              <option value="1">{t('content.importance.high')}</option>
            </NativeSelect>
          </Field>
          {field('country', t('event.country'), { maxLength: 2, autoCapitalize: 'characters' })}
          {field('currency', t('event.currency'), { maxLength: 3, autoCapitalize: 'characters' })}
          {field('actual', t('event.actual'))}
          {field('forecast', t('event.forecast'))}
          {field('previous', t('event.previous'))}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {event ? t('shared.save') : t('event.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
