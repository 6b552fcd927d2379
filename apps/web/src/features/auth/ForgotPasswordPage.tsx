import { useSearchParams } from 'react-router';
import { AuthShell } from './AuthShell';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { ResetPasswordForm } from './ResetPasswordForm';

/**
 * `/forgot-password`: asks for the email to send a reset link to; the emailed link comes back here
 * with `?token=…`, which shows the set-new-password form instead.
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <AuthShell>{token ? <ResetPasswordForm token={token} /> : <ForgotPasswordForm />}</AuthShell>;
}
