import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ONBOARDING_ID_CHECK_PATH, ONBOARDING_PROFILE_PATH } from './paths';
import { useFinancialProfileQuery } from './profileApi';

/**
 * Beside SPEC's unchanged awaiting-approval text: a way to finish the financial profile, and when
 * staff made approval wait for verification, a word saying so. Says nothing until it knows.
 */
export function AwaitingApprovalHint() {
  const { data } = useFinancialProfileQuery();
  const { t } = useTranslation('auth');
  if (!data) return null;
  return (
    <div data-testid="awaiting-approval-hint" className="flex flex-col gap-2">
      {data.approval_requires_verification ? <p>{t('onboarding.hint.waits')}</p> : null}
      {data.completed ? (
        data.approval_requires_verification ? (
          <Link
            to={ONBOARDING_ID_CHECK_PATH}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('onboarding.hint.idCheck')}
          </Link>
        ) : null
      ) : (
        <Link
          to={ONBOARDING_PROFILE_PATH}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('onboarding.hint.finishProfile')}
        </Link>
      )}
    </div>
  );
}
