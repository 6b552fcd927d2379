import { type RegistrationPage, registrationPageOf } from '@openbroker/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { Card, CardContent, CardHeader } from '@/components/ui/Card';
import { useSettingsStore } from '@/stores/settingsStore';
import { BasicRegisterForm } from './BasicRegisterForm';
import { type RegistrationDraft, readDraft } from './draft';
import { IcRegisterForm } from './IcRegisterForm';
import { RedirectToSignup } from './RedirectToSignup';
import { RegistrationShell } from './RegistrationShell';
import { COUNTRY_STEP_PATH } from './SignupForm';
import { TdBenefits } from './TdBenefits';

/**
 * `/register`: registration step 3, laid out by the `r_page` setting (SPEC §2; unknown values mean
 * basic). Without a draft the visitor starts over at /signup; a draft whose privacy box was never
 * ticked goes back to the country step.
 */
export function RegisterPage() {
  const [draft] = useState(readDraft);
  const rPage = useSettingsStore((s) => s.settings?.r_page);
  if (!draft) return <RedirectToSignup />;
  if (draft.agreePrivacy !== true) return <Navigate to={COUNTRY_STEP_PATH} replace />;
  return <RegisterLayout variant={registrationPageOf(rPage)} draft={draft} />;
}

function RegisterLayout({ variant, draft }: { variant: RegistrationPage; draft: RegistrationDraft }) {
  switch (variant) {
    case 'ic':
      return (
        <RegistrationShell>
          <div data-testid="register-layout" data-variant="ic">
            <Card className="shadow-xl shadow-black/30">
              <CardContent>
                <IcRegisterForm draft={draft} />
              </CardContent>
            </Card>
          </div>
        </RegistrationShell>
      );
    case 'td':
      return (
        <RegistrationShell width="wide">
          <div
            data-testid="register-layout"
            data-variant="td"
            className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-10"
          >
            <div className="order-2 lg:order-1 lg:sticky lg:top-6">
              <TdBenefits />
            </div>
            <div className="order-1 lg:order-2">
              <BasicCard draft={draft} />
            </div>
          </div>
        </RegistrationShell>
      );
    case 'basic':
      return (
        <RegistrationShell>
          <div data-testid="register-layout" data-variant="basic">
            <BasicCard draft={draft} />
          </div>
        </RegistrationShell>
      );
  }
}

function BasicCard({ draft }: { draft: RegistrationDraft }) {
  const { t } = useTranslation('auth');
  return (
    <Card className="shadow-xl shadow-black/30">
      <CardHeader>
        <PageHeading title={t('register.basicTitle')} className="leading-none tracking-wide" />
      </CardHeader>
      <CardContent>
        <BasicRegisterForm draft={draft} />
      </CardContent>
    </Card>
  );
}
