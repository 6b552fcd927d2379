import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of every layout's `<main>`: the skip link's and the route focus's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus to the page's main region (scrolling it into view) and reports whether it was found. */
export function focusMainContent(): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return false;
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
  return true;
}

/**
 * "Skip to content" (WCAG 2.4.1): the first focusable element of every layout, off screen until it
 * receives focus. It targets `<main id="main-content" tabIndex={-1}>`; focus moves there without
 * touching the address (the router would take a changed hash as a navigation).
 */
export function SkipLink() {
  const { t } = useTranslation('common');
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (focusMainContent()) e.preventDefault();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={onClick}>
      {t('shell.skipToContent')}
    </a>
  );
}
