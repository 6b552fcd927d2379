import { PublicPlaceholder } from '@/features/auth/PublicPlaceholder';

/** `/register`: registration entry whose layout follows the r_page setting, built in a later issue. */
export function RegisterPage() {
  return <PublicPlaceholder title="Create account" linkTo="/" linkLabel="Already have an account? Sign in" />;
}
