import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';

/** How many frames to wait for a loading screen to show its heading before settling for `<main>`. */
export const ROUTE_FOCUS_MAX_FRAMES = 30;

const FIELD = 'input, textarea, select, [contenteditable="true"]';

/** How long after a route change a heading that replaced the focused one (a loading screen's) is followed. */
export const ROUTE_FOCUS_FOLLOW_MS = 5_000;

/**
 * Moves keyboard and screen-reader focus to the new page's heading after a route change (WCAG
 * 2.4.3; sign-in is a route change too): `[data-page-heading]` (PageHeading's `<h1>`), else
 * `#main-content`. Not on the app's first load (the browser starts at the top of the page) and
 * not when only the query or hash changes (a filter, a tab). A page still loading gets a few
 * frames to render its heading; when the focused heading goes away (a loading screen making room
 * for the page) focus follows to the heading that replaced it, for a few seconds, unless the reader
 * has moved on. A field the new page focused itself (autofocus) keeps focus.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    let frame = 0;
    let tries = 0;
    let target: HTMLElement | null = null;
    const until = performance.now() + ROUTE_FOCUS_FOLLOW_MS;
    const attempt = () => {
      const active = document.activeElement;
      const main = document.getElementById(MAIN_CONTENT_ID);
      const lost = active === null || active === document.body;
      // The reader or the page put focus somewhere else: leave it there.
      if (target && !lost && active !== target) return;
      if (!target && active instanceof HTMLElement && active.matches(FIELD) && main?.contains(active)) return;
      const heading = document.querySelector<HTMLElement>('[data-page-heading]');
      const next = heading ?? (tries >= ROUTE_FOCUS_MAX_FRAMES ? main : null);
      if (next && next !== target && (lost || target === null || target === main || !target.isConnected)) {
        next.focus({ preventScroll: false });
        target = next;
      }
      tries += 1;
      if (performance.now() < until) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return null;
}
