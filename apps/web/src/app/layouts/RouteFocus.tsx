import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';

/** How many frames to wait for a loading screen to show its heading before settling for `<main>`. */
export const ROUTE_FOCUS_MAX_FRAMES = 30;

const FIELD = 'input, textarea, select, [contenteditable="true"]';

/**
 * Moves keyboard and screen-reader focus to the new page's heading after a route change (WCAG
 * 2.4.3; sign-in is a route change too): `[data-page-heading]` (PageHeading's `<h1>`), else
 * `#main-content`. Not on the app's first load (the browser starts at the top of the page) and
 * not when only the query or hash changes (a filter, a tab). A page still loading gets a few
 * frames to render its heading. A field the new page focused itself (autofocus) keeps focus.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const active = document.activeElement;
      const main = document.getElementById(MAIN_CONTENT_ID);
      if (active instanceof HTMLElement && active.matches(FIELD) && main?.contains(active)) return;
      const heading = document.querySelector<HTMLElement>('[data-page-heading]');
      const target = heading ?? (tries >= ROUTE_FOCUS_MAX_FRAMES ? main : null);
      if (target) {
        target.focus({ preventScroll: false });
        return;
      }
      if (tries++ < ROUTE_FOCUS_MAX_FRAMES) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return null;
}
