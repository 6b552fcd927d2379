/**
 * A bridge from code outside React (the API client's 401 handler) to the router, so leaving a page
 * is a client-side navigation that keeps the loaded app, not a full reload. The router registers
 * itself on mount; before that (or in tests without a router) we fall back to a plain page load.
 */
type Navigate = (to: string) => void;

let navigator: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  if (navigator) {
    navigator(to);
    return;
  }
  window.location.assign(to);
}

/** The path the user is on now; read at call time so the 401 rule sees the current page. */
export function currentPathname(): string {
  return window.location.pathname;
}
