import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { AdminPage } from '@/admin/components/AdminPage';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/i18n/format';
import { formatPrice } from './format';
import { InstrumentForm } from './InstrumentForm';
import {
  type FieldErrors,
  formOf,
  type InstrumentFormValues,
  serverErrors,
  updateOf,
} from './instrumentForm';
import { useInstrument, useUpdateInstrument } from './queries';

/** One instrument: its live quote and every field staff may change, saved live on every node. */
export function InstrumentEditPage() {
  const { t } = useTranslation('adminOps');
  const id = Number(useParams().id);
  const canWrite = useCan('instruments.write');
  const query = useInstrument(id);
  const update = useUpdateInstrument(id);
  const [values, setValues] = useState<InstrumentFormValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const inst = query.data;
  // The form starts from the stored instrument; a refetch after saving does not overwrite typing.
  useEffect(() => {
    if (inst && values === null) setValues(formOf(inst));
  }, [inst, values]);

  function save() {
    if (!values) return;
    const checked = updateOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    update.mutate(checked.value, {
      onSuccess: (saved) => {
        setValues(formOf(saved));
        toast.success(t('instruments.edit.saved', { symbol: saved.symbol_display }), {
          description: t('instruments.edit.savedDescription'),
        });
      },
      onError: (err) => {
        const fields = apiFieldErrors(err);
        if (Object.keys(fields).length > 0) setErrors(serverErrors(fields));
        else setErrors({ form: apiErrorMessage(err, t('instruments.edit.saveError')) });
      },
    });
  }

  const title = inst ? `${inst.symbol_display} · ${inst.name}` : t('instruments.edit.fallbackTitle');
  return (
    <AdminPage
      title={title}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/instruments">{t('instruments.edit.all')}</Link>
        </Button>
      }
    >
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner /> {t('shared.loading')}
        </p>
      ) : query.error || !inst ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, t('instruments.edit.loadError'))}
        />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 rounded-md border p-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground text-xs">{t('instruments.edit.bidAsk')}</dt>
              <dd className="tabular-nums" dir="ltr">
                {formatPrice(inst, inst.bid)} / {formatPrice(inst, inst.ask)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">{t('instruments.edit.market')}</dt>
              <dd>{inst.is_open ? t('instruments.edit.openNow') : t('instruments.edit.closedNow')}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">{t('instruments.edit.status')}</dt>
              <dd>{inst.enabled ? t('instruments.edit.enabled') : t('instruments.edit.disabled')}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">{t('instruments.edit.lastChange')}</dt>
              <dd>{formatDateTime(inst.updated_at)}</dd>
            </div>
          </dl>
          {values ? (
            <InstrumentForm
              mode="edit"
              values={values}
              onChange={setValues}
              errors={errors}
              onSubmit={save}
              pending={update.isPending}
              readOnly={!canWrite}
              footer={
                <Button
                  variant="outline"
                  onClick={() => {
                    setValues(formOf(inst));
                    setErrors({});
                  }}
                >
                  {t('instruments.edit.discard')}
                </Button>
              }
            />
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
