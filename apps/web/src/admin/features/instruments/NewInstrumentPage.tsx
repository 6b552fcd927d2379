import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AdminPage } from '@/admin/components/AdminPage';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { InstrumentForm } from './InstrumentForm';
import {
  createOf,
  EMPTY_FORM,
  type FieldErrors,
  type InstrumentFormValues,
  serverErrors,
} from './instrumentForm';
import { useCreateInstrument } from './queries';

/** Adds an instrument; the feed starts pricing it at once and customers can trade it. */
export function NewInstrumentPage() {
  const { t } = useTranslation('adminOps');
  const navigate = useNavigate();
  const create = useCreateInstrument();
  const [values, setValues] = useState<InstrumentFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit() {
    const checked = createOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.value, {
      onSuccess: (created) => {
        toast.success(t('instruments.create.added', { symbol: created.symbol_display }), {
          description: t('instruments.create.addedDescription'),
        });
        navigate(`/admin/instruments/${created.id}`);
      },
      onError: (err) => {
        const fields = apiFieldErrors(err);
        if (Object.keys(fields).length > 0) setErrors(serverErrors(fields));
        else setErrors({ form: apiErrorMessage(err, t('instruments.create.addError')) });
      },
    });
  }

  return (
    <AdminPage
      title={t('instruments.create.title')}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/instruments">{t('instruments.edit.all')}</Link>
        </Button>
      }
    >
      <InstrumentForm
        mode="create"
        values={values}
        onChange={setValues}
        errors={errors}
        onSubmit={submit}
        pending={create.isPending}
      />
    </AdminPage>
  );
}
