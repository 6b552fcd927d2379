import { TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FullScreenState } from './FullScreenState';
import { NotFoundPage } from './NotFoundPage';

/**
 * Catches what a route throws, most often a page chunk that no longer exists after a new release
 * was deployed under an open tab; reloading fetches the new build.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }
  return (
    <FullScreenState
      testId="route-error"
      icon={TriangleExclamationPoint}
      tone="warning"
      title={t('states.routeError.title')}
      actionLabel={t('states.reload')}
      onAction={() => window.location.reload()}
    >
      <p>{t('states.routeError.text')}</p>
    </FullScreenState>
  );
}
