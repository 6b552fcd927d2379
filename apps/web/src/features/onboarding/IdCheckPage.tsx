import { Camera, FileText, Home, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import enAuth from '@/i18n/locales/en/auth';
import { useSessionStore } from '@/stores/sessionStore';
import { OnboardingFrame } from './OnboardingFrame';
import { ONBOARDING_PROFILE_PATH, VERIFICATION_PATH } from './paths';
import { useFinancialProfileQuery } from './profileApi';

/** English, for tests; the screen shows the `auth:onboarding.idCheck` texts. */
export const PENDING_UPLOAD_NOTE = enAuth.onboarding.idCheck.pendingUpload;
export const APPROVAL_WAITS_NOTE = enAuth.onboarding.idCheck.approvalWaits;

/** What to have ready; each one's title and text are under `auth:onboarding.idCheck.needed.<key>`. */
const NEEDED = [
  { icon: FileText, key: 'identity' },
  { icon: Home, key: 'address' },
  { icon: Camera, key: 'selfie' },
] as const;

/** `/onboarding/id-check`: registration step 3. Explains what is needed and leads into Verification. */
export function IdCheckPage() {
  const pending = useSessionStore((s) => s.user?.status === 'pending');
  const { t } = useTranslation('auth');
  const profile = useFinancialProfileQuery();
  const waitsForVerification = profile.data?.approval_requires_verification === true;
  return (
    <OnboardingFrame
      step={2}
      title={t('onboarding.idCheck.title')}
      description={t('onboarding.idCheck.description')}
    >
      <div className="flex flex-col gap-5">
        <ul className="flex flex-col gap-3">
          {NEEDED.map(({ icon: Icon, key }) => (
            <li key={key} className="flex gap-3 rounded-lg border bg-muted/30 p-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="flex flex-col gap-0.5">
                <span className="text-sm font-medium">{t(`onboarding.idCheck.needed.${key}.title`)}</span>
                <span className="text-sm text-muted-foreground">
                  {t(`onboarding.idCheck.needed.${key}.text`)}
                </span>
              </div>
            </li>
          ))}
        </ul>

        {profile.data && !profile.data.completed ? (
          <p className="text-sm text-muted-foreground" data-testid="profile-unfinished">
            {t('onboarding.idCheck.profileUnfinished')}{' '}
            <Link
              to={ONBOARDING_PROFILE_PATH}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('onboarding.idCheck.finishFirst')}
            </Link>
          </p>
        ) : null}

        {pending && !profile.data ? null : pending && !waitsForVerification ? (
          <div
            data-testid="id-check-next"
            className="flex flex-col gap-2 rounded-lg border border-info/30 bg-info/10 p-3 text-sm"
          >
            <p className="flex items-center gap-2 font-medium">
              <ShieldCheck className="size-4 text-info" aria-hidden="true" />
              {t('onboarding.idCheck.next')}
            </p>
            <p>{t('onboarding.idCheck.pendingUpload')}</p>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            {pending ? (
              <p
                data-testid="id-check-next"
                className="rounded-lg border border-info/30 bg-info/10 p-3 text-sm"
              >
                {t('onboarding.idCheck.approvalWaits')}
              </p>
            ) : null}
            <Button asChild size="lg" className="w-full">
              <Link to={VERIFICATION_PATH} data-testid="go-to-verification">
                {t('onboarding.idCheck.start')}
              </Link>
            </Button>
          </div>
        )}
      </div>
    </OnboardingFrame>
  );
}
