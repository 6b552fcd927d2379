/**
 * SPEC §4: once the current user has been fetched, app data (`GET /data`: site data and per-category
 * leverage) loads once per session. The server does not serve `/data` yet, so this hook deliberately
 * does nothing; the site-data store will plug in here, and the session bootstrap already calls it at
 * the right moment.
 */
export function useInitialAppData(_userLoaded: boolean): void {}
