import type { FastifyPluginAsync } from 'fastify';

/** Where browsers send Content-Security-Policy violation reports (the CSP's `report-uri`). */
export const CSP_REPORT_PATH = '/csp-report';

/** What one report names, from the legacy `csp-report` body or a Reporting API entry. */
interface Violation {
  document: string;
  blocked: string;
  directive: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 300) : '');

function violationsOf(body: unknown): Violation[] {
  const one = (r: Record<string, unknown>): Violation => ({
    document: text(r['document-uri'] ?? r.documentURL),
    blocked: text(r['blocked-uri'] ?? r.blockedURL),
    directive: text(r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive']),
  });
  if (Array.isArray(body)) {
    return body.flatMap((entry) => {
      const b = (entry as { body?: unknown }).body;
      return b && typeof b === 'object' ? [one(b as Record<string, unknown>)] : [];
    });
  }
  const legacy = (body as { 'csp-report'?: unknown } | null)?.['csp-report'];
  return legacy && typeof legacy === 'object' ? [one(legacy as Record<string, unknown>)] : [];
}

/**
 * `POST /csp-report`: a browser met something our CSP blocked. Each violation is logged as a
 * warning ("CSP violation"), so operators see an injection attempt or a page the policy breaks, and
 * the browser journeys fail on any. Public (browsers send it without asking), small bodies only, no
 * answer body; the staff and money rate limits do not apply, the global body limit does.
 */
export const cspReportRoutes: FastifyPluginAsync = async (app) => {
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, null);
      }
    });
  }
  app.post(CSP_REPORT_PATH, { schema: { hide: true } }, async (request, reply) => {
    for (const v of violationsOf(request.body)) request.log.warn({ csp: v }, 'CSP violation');
    return reply.status(204).send();
  });
};
