import { TriangleExclamationPoint } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FullScreenState } from './FullScreenState';
import { NotFoundPage } from './NotFoundPage';

/**
 * Catches what a route throws, most often a page chunk that no longer exists after a new release
 * was deployed under an open tab; reloading fetches the new build.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }
  return (
    <FullScreenState
      testId="route-error"
      icon={TriangleExclamationPoint}
      tone="warning"
      title="Something went wrong"
      actionLabel="Reload"
      onAction={() => window.location.reload()}
    >
      <p>This page could not be displayed. Reloading usually fixes it.</p>
    </FullScreenState>
  );
}
