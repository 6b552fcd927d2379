import { PublicPlaceholder } from '@/features/auth/PublicPlaceholder';

/** `/signup`: registration start (SPEC §2 Registration), built in a later issue. */
export function SignupPage() {
  return <PublicPlaceholder title="Sign up" linkTo="/" linkLabel="Already have an account? Sign in" />;
}
