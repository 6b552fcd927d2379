import axios from 'axios';
import { currentPathname, navigateTo } from '@/lib/navigation';
import { useSessionStore } from '@/stores/sessionStore';
import { requireApiBaseUrl } from './baseUrl';
import { createUnauthorizedHandler } from './unauthorized';

/** SPEC §7: every call times out after 15 s. */
export const API_TIMEOUT_MS = 15_000;

/**
 * The one HTTP client of the web app. The session is an HttpOnly cookie set by the server, so
 * `withCredentials` is all the authentication the browser needs: no token is read, stored or sent
 * by this code (the Authorization header is for API clients only).
 */
export const api = axios.create({
  timeout: API_TIMEOUT_MS,
  withCredentials: true,
  // No fixed Content-Type: axios sets application/json when there is a body, and a bodiless POST
  // (e.g. /auth/logout) must not claim one, or the server rejects the empty JSON body.
  headers: { Accept: 'application/json' },
});

// Resolved per request rather than at import, so a runtime override (`window.__OPENBROKER__`) set
// after the bundle loaded is honoured, and a missing base fails the request with SPEC's message.
api.interceptors.request.use((config) => {
  config.baseURL = requireApiBaseUrl();
  return config;
});

api.interceptors.response.use(
  (response) => response,
  createUnauthorizedHandler({
    currentPathname,
    clearSession: () => useSessionStore.getState().clear(),
    navigate: navigateTo,
  }),
);

/** The `{ data: T }` envelope every successful answer uses (DESIGN §4). */
export interface Envelope<T> {
  data: T;
}
