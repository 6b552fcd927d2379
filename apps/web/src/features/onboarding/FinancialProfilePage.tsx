import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { FinancialProfileForm } from './FinancialProfileForm';
import { OnboardingFrame } from './OnboardingFrame';
import { ONBOARDING_ID_CHECK_PATH } from './paths';
import { useFinancialProfileQuery } from './profileApi';

/** `/onboarding/profile`: registration step 2, Financial Profile. */
export function FinancialProfilePage() {
  const navigate = useNavigate();
  const query = useFinancialProfileQuery();
  const { t } = useTranslation('auth');
  return (
    <OnboardingFrame step={1} title={t('profile.title')} description={t('profile.description')}>
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6 text-muted-foreground" aria-label={t('profile.loading')} />
        </div>
      ) : query.isError ? (
        <div className="flex flex-col gap-3">
          <Alert variant="destructive" description={t('profile.loadFailed')} />
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('profile.tryAgain')}
          </Button>
        </div>
      ) : (
        <FinancialProfileForm
          initial={query.data.profile?.answers ?? null}
          onSaved={() => void navigate(ONBOARDING_ID_CHECK_PATH)}
        />
      )}
    </OnboardingFrame>
  );
}
