import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { CSP_REPORT_PATH } from './cspReport.ts';

/**
 * Browser features no page of ours uses: a script injected despite the CSP still cannot reach them.
 * Only features Chromium recognises: an unknown one (e.g. `bluetooth`) is a console warning on
 * every page. Firefox and Safari ignore the header.
 * Fullscreen, autoplay and the clipboard stay allowed: the chart, the sound check and "copy report".
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The websocket origin matching an http(s) origin (`http://host` → `ws://host`). */
function socketOrigin(publicUrl: string): string {
  const u = new URL(publicUrl);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
}

/** The Content-Security-Policy of every response (JSON answers carry it too: harmless, one code path). */
export function cspDirectives(publicUrl: string): Record<string, string[]> {
  const https = publicUrl.startsWith('https:');
  return {
    'default-src': ["'self'"],
    // No inline script anywhere: the built client is files only (apps/web/index.html has no script
    // body, Vite emits module files), so an injected <script> or on* attribute never runs.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // 'unsafe-inline' for styles only, and knowingly: libraries of the client insert <style>
    // elements at run time (sonner's toasts, react-remove-scroll under the Radix dialogs,
    // lightweight-charts' attribution), index.html paints the dark background with a style
    // attribute before the CSS arrives, and a static, pre-compressed index.html cannot carry a
    // per-response nonce. (React's style={} props go through the CSSOM, which CSP does not block.)
    // Styles cannot run code; the script rules above are what stop cross-site scripting.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for generated QR codes and inline icons, blob: for files the page makes itself.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    // The API and the sockets are on this origin. 'self' covers ws(s) of the same host in current
    // browsers; PUBLIC_URL's socket origin is named as well for older ones. No `ws: wss:` wildcard,
    // so a script that did get in could not stream data to a socket elsewhere.
    'connect-src': ["'self'", socketOrigin(publicUrl)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The sandbox card page posts to itself (modules/payments/sandboxPage.ts sends its own policy).
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Violations are reported to us and logged (http/cspReport.ts).
    'report-uri': [`/api/v1${CSP_REPORT_PATH}`],
    // Over http (a local install) upgrading would point every file at an https port nobody serves.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every response through `@fastify/helmet` (issue 17): the CSP above, no
 * framing, nosniff, a same-origin referrer, HSTS when served over https, and a Permissions-Policy
 * denying device and payment features. A route may send its own CSP (the sandbox card page does):
 * its reply headers win over these, which helmet writes when the request arrives.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { publicUrl: string },
): Promise<void> {
  const https = opts.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.publicUrl) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Over http a browser ignores HSTS anyway; over https a year, as the proxy examples also set.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
}
