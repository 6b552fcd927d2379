import { AdminPage } from '@/admin/components/AdminPage';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { uploadSettingsImage, useAdminSettings, useSaveSettings } from './queries';
import { SettingsForm } from './SettingsForm';

/** `/admin/settings`: the site's branding, status, links, registration, leverage and four-eyes threshold. */
export function SettingsPage() {
  const settings = useAdminSettings();
  const save = useSaveSettings();
  return (
    <AdminPage title="Site settings">
      {settings.data ? (
        <SettingsForm settings={settings.data} save={save.mutateAsync} upload={uploadSettingsImage} />
      ) : settings.error ? (
        <Alert variant="destructive">
          {apiErrorMessage(settings.error, 'The settings could not be loaded.')}
        </Alert>
      ) : (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      )}
    </AdminPage>
  );
}
