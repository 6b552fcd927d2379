import { PublicPlaceholder } from './PublicPlaceholder';

/** `/auto-login`: one-time sign-in links (DESIGN §4 `POST /auth/auto-login`), built in a later issue. */
export function AutoLoginPage() {
  return <PublicPlaceholder title="Automatic sign-in" linkTo="/" linkLabel="Go to sign in" />;
}
