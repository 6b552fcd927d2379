import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/Card';
import { RegistrationShell } from '@/features/registration/RegistrationShell';
import { RegistrationSteps } from '@/features/registration/RegistrationSteps';

export const CONTINUE_LATER_PATH = '/main';

interface OnboardingFrameProps {
  /** 1: Financial Profile, 2: ID Check (SPEC's three-step bar; Set Up is behind the customer). */
  step: 1 | 2;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** Registration steps 2 and 3: the sign-up frame and progress bar, with a way out for now. */
export function OnboardingFrame({ step, title, description, children }: OnboardingFrameProps) {
  const { t } = useTranslation('auth');
  return (
    <RegistrationShell width="wide">
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
        <Card className="shadow-xl shadow-black/30">
          <CardHeader className="gap-5">
            <RegistrationSteps current={step} />
            <div className="flex flex-col gap-1.5">
              <PageHeading title={title} className="leading-none" />
              <CardDescription>{description}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        <Link
          to={CONTINUE_LATER_PATH}
          data-testid="continue-later"
          className="self-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          {t('onboarding.continueLater')}
        </Link>
      </div>
    </RegistrationShell>
  );
}
