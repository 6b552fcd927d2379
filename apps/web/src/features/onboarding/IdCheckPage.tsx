import { Camera, FileText, Home, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { useSessionStore } from '@/stores/sessionStore';
import { OnboardingFrame } from './OnboardingFrame';
import { ONBOARDING_PROFILE_PATH, VERIFICATION_PATH } from './paths';
import { useFinancialProfileQuery } from './profileApi';

export const PENDING_UPLOAD_NOTE =
  'Your account is awaiting approval from the Client Management Team. Once it is approved you can upload these documents under Verification; we will let you know.';

export const APPROVAL_WAITS_NOTE =
  'Your account is approved once your identity is verified. Upload your documents now; our team reviews them, usually within one working day.';

const NEEDED = [
  {
    icon: FileText,
    title: 'Proof of identity',
    text: 'A passport, national ID card or driving licence: front and back, all four corners visible, not expired.',
  },
  {
    icon: Home,
    title: 'Proof of address',
    text: 'A utility bill, bank statement or tax letter from the last 3 months showing your name and address.',
  },
  {
    icon: Camera,
    title: 'A selfie',
    text: 'A clear photo of your face, from your camera or a file, so we can match it to your ID.',
  },
] as const;

/** `/onboarding/id-check`: registration step 3. Explains what is needed and leads into Verification. */
export function IdCheckPage() {
  const pending = useSessionStore((s) => s.user?.status === 'pending');
  const profile = useFinancialProfileQuery();
  const waitsForVerification = profile.data?.approval_requires_verification === true;
  return (
    <OnboardingFrame
      step={2}
      title="Verify your identity"
      description="We are required to confirm who you are before you can deposit larger amounts and withdraw. Have these ready:"
    >
      <div className="flex flex-col gap-5">
        <ul className="flex flex-col gap-3">
          {NEEDED.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-lg border bg-muted/30 p-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="flex flex-col gap-0.5">
                <span className="text-sm font-medium">{title}</span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </div>
            </li>
          ))}
        </ul>

        {profile.data && !profile.data.completed ? (
          <p className="text-sm text-muted-foreground" data-testid="profile-unfinished">
            Your financial profile is not finished yet.{' '}
            <Link
              to={ONBOARDING_PROFILE_PATH}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Finish it first
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
              What happens next
            </p>
            <p>{PENDING_UPLOAD_NOTE}</p>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            {pending ? (
              <p
                data-testid="id-check-next"
                className="rounded-lg border border-info/30 bg-info/10 p-3 text-sm"
              >
                {APPROVAL_WAITS_NOTE}
              </p>
            ) : null}
            <Button asChild size="lg" className="w-full">
              <Link to={VERIFICATION_PATH} data-testid="go-to-verification">
                Start ID check
              </Link>
            </Button>
          </div>
        )}
      </div>
    </OnboardingFrame>
  );
}
