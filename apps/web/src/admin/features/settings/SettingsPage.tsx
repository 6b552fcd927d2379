import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/admin/components/AdminPage';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { uploadSettingsImage, useAdminSettings, useSaveSettings } from './queries';
import { SettingsForm } from './SettingsForm';

/** `/admin/settings`: the site's branding, status, links, registration, leverage and four-eyes threshold. */
export function SettingsPage() {
  const { t } = useTranslation('adminOps');
  const settings = useAdminSettings();
  const save = useSaveSettings();
  return (
    <AdminPage title={t('settings.page.title')}>
      {settings.data ? (
        <SettingsForm settings={settings.data} save={save.mutateAsync} upload={uploadSettingsImage} />
      ) : settings.error ? (
        <Alert variant="destructive">{apiErrorMessage(settings.error, t('settings.page.loadError'))}</Alert>
      ) : (
        <div className="flex justify-center py-12" role="status">
          <Spinner />
          <span className="sr-only">{t('shared.loading')}</span>
        </div>
      )}
    </AdminPage>
  );
}
