import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { AdminPage } from '@/admin/components/AdminPage';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
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
        toast.success(`${saved.symbol_display} saved`, {
          description: 'Quotes and order checks use it now.',
        });
      },
      onError: (err) => {
        const fields = apiFieldErrors(err);
        if (Object.keys(fields).length > 0) setErrors(serverErrors(fields));
        else setErrors({ form: apiErrorMessage(err, 'The instrument could not be saved. Try again.') });
      },
    });
  }

  const title = inst ? `${inst.symbol_display} · ${inst.name}` : 'Instrument';
  return (
    <AdminPage
      title={title}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/instruments">All instruments</Link>
        </Button>
      }
    >
      {query.isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner /> Loading…
        </p>
      ) : query.error || !inst ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(query.error, 'This instrument could not be loaded.')}
        />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 rounded-md border p-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground text-xs">Bid / Ask</dt>
              <dd className="tabular-nums">
                {formatPrice(inst, inst.bid)} / {formatPrice(inst, inst.ask)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Market</dt>
              <dd>{inst.is_open ? 'Open now' : 'Closed now'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Status</dt>
              <dd>{inst.enabled ? 'Enabled' : 'Disabled'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Last change</dt>
              <dd>{new Date(inst.updated_at).toLocaleString('en-GB')}</dd>
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
                  Discard changes
                </Button>
              }
            />
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
