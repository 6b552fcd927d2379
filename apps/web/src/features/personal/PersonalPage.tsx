import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { SectionPage } from '@/components/SectionPage';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { firstErrors, type PersonalFormValues } from './formValues';
import { PersonalForm, type SaveOutcome } from './PersonalForm';
import { usePersonal, useSavePersonal } from './personalApi';
import { RequestBanners } from './RequestBanners';
import { VersionHistory } from './VersionHistory';

/** `/main/personal`: the customer's personal information, change requests and history (issue 15). */
export function PersonalPage() {
  const { t } = useTranslation('account');
  const personal = usePersonal();
  const saving = useSavePersonal();

  async function save(values: PersonalFormValues): Promise<SaveOutcome> {
    try {
      const result = await saving.mutateAsync(values);
      toast.success(result.message);
      return { ok: true, message: result.message };
    } catch (e) {
      const message = apiErrorMessage(e, t('personal.saveFailed'));
      const errors = firstErrors(apiFieldErrors(e));
      if (Object.keys(errors).length === 0) toast.error(message);
      return { ok: false, message, errors };
    }
  }

  return (
    <SectionPage title={t('personal.title')}>
      {personal.isPending ? (
        <Spinner />
      ) : personal.isError ? (
        <Alert variant="destructive" description={t('personal.loadFailed')} />
      ) : (
        <div className="flex w-full max-w-4xl flex-col gap-6">
          <RequestBanners personal={personal.data} />
          {/* Remounted when the saved details change (a save, an approval), so it starts from them. */}
          <PersonalForm
            key={JSON.stringify(personal.data.details)}
            personal={personal.data}
            saving={saving.isPending}
            onSave={save}
          />
          <VersionHistory />
        </div>
      )}
    </SectionPage>
  );
}
