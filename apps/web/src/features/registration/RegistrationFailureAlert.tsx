import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import type { RegistrationFailure } from './fieldErrors';

/** The summary of a failed registration, with a way back when the problem is in an earlier step. */
export function RegistrationFailureAlert({
  failure,
  onClose,
}: {
  failure: RegistrationFailure;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const extra = failure.hidden.filter((m) => m !== failure.message);
  return (
    <Alert
      variant="destructive"
      data-testid="register-error"
      onClose={onClose}
      description={
        <>
          <p>{failure.message}</p>
          {extra.map((m) => (
            <p key={m}>{m}</p>
          ))}
          {failure.hidden.length > 0 ? (
            <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('register.changeFirstStep')}
            </Link>
          ) : null}
        </>
      }
    />
  );
}
