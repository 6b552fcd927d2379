import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Callbacks } from './callbacks.ts';

/**
 * Provider callbacks: the raw body is kept (the signature covers its exact bytes) and checked
 * before anything is parsed; a bad signature or an old timestamp is a 401 that changes nothing.
 */
export const paymentCallbackRoutes =
  (deps: { callbacks: Callbacks }): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      '/payments/callbacks/:provider',
      {
        schema: {
          tags: ['payments'],
          summary: 'A payment provider reports a payment (signed over the raw body; idempotent by event id)',
          params: z.object({ provider: z.string().min(2).max(40) }),
          response: { 200: z.object({ status: z.enum(['applied', 'duplicate', 'ignored']) }) },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return { status: await deps.callbacks.handle(request.params.provider, rawBody, request.headers) };
      },
    );
  };
