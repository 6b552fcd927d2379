import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/PageHeading';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/Card';
import { RegistrationShell } from './RegistrationShell';
import { ReviewBadge } from './ReviewBadge';
import { SignupForm } from './SignupForm';
import { OrDivider, SocialSignup } from './SocialSignup';

/** `/signup`: registration start (SPEC §2 Registration). */
export function SignupPage() {
  const { t } = useTranslation('auth');
  return (
    <RegistrationShell>
      <div className="flex flex-col gap-6">
        <Card className="shadow-xl shadow-black/30">
          <CardHeader>
            <PageHeading title={t('signup.title')} className="leading-none" />
            <CardDescription>{t('signup.description')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <SocialSignup />
            <OrDivider />
            <SignupForm />
          </CardContent>
        </Card>
        <ReviewBadge />
      </div>
    </RegistrationShell>
  );
}
