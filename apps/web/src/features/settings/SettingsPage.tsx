import { useTranslation } from 'react-i18next';
import { SectionPage } from '@/components/SectionPage';
import { ChangePasswordCard } from './ChangePasswordCard';
import { PreferencesCard } from './PreferencesCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** `/main/settings`: security (password, two-factor), active sessions and preferences. */
export function SettingsPage() {
  const { t } = useTranslation('account');
  return (
    <SectionPage title={t('settings.title')}>
      <div className="flex flex-col gap-8">
        <section aria-labelledby="settings-security" className="flex flex-col gap-4">
          <h2 id="settings-security" className="text-base font-semibold text-muted-foreground">
            {t('settings.security')}
          </h2>
          <ChangePasswordCard />
          <TwoFactorCard />
        </section>
        <section aria-labelledby="settings-sessions" className="flex flex-col gap-4">
          <h2 id="settings-sessions" className="text-base font-semibold text-muted-foreground">
            {t('settings.sessions')}
          </h2>
          <SessionsCard />
        </section>
        <section aria-labelledby="settings-preferences" className="flex flex-col gap-4">
          <h2 id="settings-preferences" className="text-base font-semibold text-muted-foreground">
            {t('settings.preferences')}
          </h2>
          <PreferencesCard />
        </section>
      </div>
    </SectionPage>
  );
}
