import { PublicPlaceholder } from './PublicPlaceholder';

/** `/forgot-password`: SPEC shows no content; the reset flow is built in a later issue. */
export function ForgotPasswordPage() {
  return <PublicPlaceholder title="Forgot password" linkTo="/" linkLabel="Back to sign in" />;
}
