import { statementQuerySchema, statementSchema } from '@openbroker/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import { contentDisposition } from '../chat/uploads.ts';
import type { Download, StatementsService } from './service.ts';

const tradesQuerySchema = statementQuerySchema.pick({ account_id: true, from: true, to: true });

function sendDownload(reply: FastifyReply, file: Download) {
  return reply
    .type(file.contentType)
    .header('Content-Disposition', contentDisposition('attachment', file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(file.body);
}

/** Statements (JSON, CSV, PDF) and the closed-trades CSV of one of the customer's own accounts. */
export const statementsRoutes =
  (deps: { statements: StatementsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { statements } = deps;

    app.get(
      '/statements',
      {
        preValidation: signedInOnly,
        schema: {
          tags: ['statements'],
          summary:
            'An account statement for whole UTC days from–to (at most 366), from the ledger: format json, csv or pdf',
          querystring: statementQuerySchema,
          // The JSON answer; csv and pdf are sent as files, past the serializer.
          response: { 200: z.object({ data: statementSchema }) },
        },
      },
      async (request, reply) => {
        const userId = requireAuth(request).user.id;
        const q = request.query;
        if (q.format === 'csv') return sendDownload(reply, await statements.csv(userId, q));
        if (q.format === 'pdf') return sendDownload(reply, await statements.pdf(userId, q));
        return { data: await statements.json(userId, q) };
      },
    );

    app.get(
      '/trades/export.csv',
      {
        preValidation: signedInOnly,
        schema: {
          tags: ['trading'],
          summary: 'The account’s positions closed in whole UTC days from–to, as CSV',
          querystring: tradesQuerySchema,
        },
      },
      async (request, reply) =>
        sendDownload(reply, await statements.tradesCsv(requireAuth(request).user.id, request.query)),
    );
  };
