import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { RegistrationShell } from './RegistrationShell';
import { ReviewBadge } from './ReviewBadge';
import { SignupForm } from './SignupForm';
import { OrDivider, SocialSignup } from './SocialSignup';

/** `/signup`: registration start (SPEC §2 Registration). */
export function SignupPage() {
  return (
    <RegistrationShell>
      <div className="flex flex-col gap-6">
        <Card className="shadow-xl shadow-black/30">
          <CardHeader>
            <CardTitle className="text-xl">Open your trading account</CardTitle>
            <CardDescription>
              Start with your email and a password. It only takes a few minutes.
            </CardDescription>
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
