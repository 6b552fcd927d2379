import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  adminDepositPageSchema,
  adminDepositSchema,
  adminPaymentMethodSchema,
  confirmDepositSchema,
  DEPOSIT_METHODS,
  DEPOSIT_STATUSES,
  rejectDepositSchema,
  updatePaymentMethodSchema,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { actorOf } from '../audit/service.ts';
import { staffOnly } from '../auth/authPlugin.ts';
import { contentDisposition } from '../chat/uploads.ts';
import { pagedOf } from '../content/paged.ts';
import { permit } from '../staff/policy.ts';
import type { DepositsAdmin } from './depositsAdmin.ts';
import { proofFilePath } from './proofFiles.ts';
import type { Wires } from './wire.ts';

const tags = ['admin', 'deposits'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const one = <T extends z.ZodType>(s: T) => z.object({ data: s });

function staffActor(request: FastifyRequest) {
  return { ...actorOf(request), actorId: request.auth?.user.id ?? 0 };
}

/** The back office's deposit queue and payment method settings (issue 14). */
export const depositsAdminRoutes =
  (deps: { admin: DepositsAdmin; wires: Wires; dataDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const { admin, wires } = deps;
    app.addHook('preValidation', staffOnly);

    app.get(
      '/admin/payment-methods',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags,
          summary: 'Payment methods and their settings',
          response: { 200: one(z.array(adminPaymentMethodSchema)) },
        },
      },
      async () => ({ data: await admin.methods() }),
    );

    app.put(
      '/admin/payment-methods/:key',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags,
          summary:
            'Change a payment method: enabled, currencies, limits and fees (USD), bank details, confirmations (audited)',
          params: z.object({ key: z.string().min(2).max(60) }),
          body: updatePaymentMethodSchema,
          response: { 200: one(adminPaymentMethodSchema) },
        },
      },
      async (request) => ({
        data: await admin.updateMethod(request.params.key, request.body, staffActor(request)),
      }),
    );

    app.get(
      '/admin/deposits',
      {
        preValidation: permit('money.read'),
        schema: {
          tags,
          summary:
            'Deposits, newest first; filter by status and method, search by id, account, reference or customer',
          querystring: z.object({
            page: z.coerce.number().int().positive().max(100_000).default(1),
            status: z.enum(DEPOSIT_STATUSES).optional(),
            method: z.enum(DEPOSIT_METHODS).optional(),
            q: z.string().trim().max(100).optional(),
          }),
          response: { 200: adminDepositPageSchema },
        },
      },
      async (request) => {
        const { page, status, method, q } = request.query;
        const { rows, total, perPage } = await admin.page({ status, method, q }, page);
        return pagedOf(request, '/admin/deposits', rows, total, page, perPage);
      },
    );

    app.get(
      '/admin/deposits/:id',
      {
        preValidation: permit('money.read'),
        schema: {
          tags,
          summary: 'One deposit with its customer',
          params: idParams,
          response: { 200: one(adminDepositSchema) },
        },
      },
      async (request) => ({ data: await admin.one(request.params.id) }),
    );

    app.get(
      '/admin/deposits/:id/proof',
      {
        preValidation: permit('money.read'),
        schema: { tags, summary: 'Download the uploaded wire confirmation (audited)', params: idParams },
      },
      async (request, reply) => {
        const d = await wires.proofOf(request.params.id);
        const path = proofFilePath(deps.dataDir, d.proofFile);
        const size = await stat(path).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) {
          request.log.warn({ deposit: d.id }, 'deposit proof file is missing');
          throw new AppError('NOT_FOUND', 'This deposit has no uploaded confirmation.');
        }
        await admin.auditProofDownload(d.id, staffActor(request));
        void reply.headers({
          'Content-Type': d.proofMime ?? 'application/octet-stream',
          'Content-Length': String(size),
          'Content-Disposition': contentDisposition('attachment', d.proofName ?? `deposit-${d.id}`),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'private, no-store',
        });
        return reply.send(createReadStream(path));
      },
    );

    app.post(
      '/admin/deposits/:id/confirm',
      {
        preValidation: permit('money.approve'),
        schema: {
          tags,
          summary: 'Confirm the amount a bank wire actually brought; it is credited once (audited)',
          params: idParams,
          body: confirmDepositSchema,
          response: { 200: one(adminDepositSchema) },
        },
      },
      async (request) => {
        await wires.confirm(request.params.id, request.body, staffActor(request));
        return { data: await admin.one(request.params.id) };
      },
    );

    app.post(
      '/admin/deposits/:id/reject',
      {
        preValidation: permit('money.approve'),
        schema: {
          tags,
          summary: 'Reject a wire or crypto deposit with a coded reason the customer sees (audited)',
          params: idParams,
          body: rejectDepositSchema,
          response: { 200: one(adminDepositSchema) },
        },
      },
      async (request) => {
        await wires.reject(request.params.id, request.body, staffActor(request));
        return { data: await admin.one(request.params.id) };
      },
    );
  };
