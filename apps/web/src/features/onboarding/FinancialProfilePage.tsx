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
  return (
    <OnboardingFrame
      step={1}
      title="Your financial profile"
      description="The rules for leveraged trading require us to check that it suits your situation, experience and knowledge. It takes about three minutes; your answers are confidential."
    >
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6 text-muted-foreground" aria-label="Loading your profile" />
        </div>
      ) : query.isError ? (
        <div className="flex flex-col gap-3">
          <Alert variant="destructive" description="Your financial profile could not be loaded." />
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
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
