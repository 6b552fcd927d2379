import { PublicPlaceholder } from '@/features/auth/PublicPlaceholder';

/** `/register/country-residence`: registration step 2 (SPEC §2), built in a later issue. */
export function CountryResidencePage() {
  return <PublicPlaceholder title="Country of residence" linkTo="/signup" linkLabel="Back to sign up" />;
}
