import {
  REQUIREMENT_KINDS,
  verificationApproveSchema,
  verificationQueuePageSchema,
  verificationQueueQuerySchema,
  verificationRejectSchema,
  verificationReviewSchema,
  verificationSettingsSchema,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.ts';
import { staffOnly } from '../auth/authPlugin.ts';
import { permit } from '../staff/policy.ts';
import type { StaffActor, VerificationDecisions } from './decisions.ts';
import type { VerificationService } from './service.ts';

const tags = ['admin', 'verification'];
const userParams = z.object({ userId: z.coerce.number().int().positive() });
const kindParams = userParams.extend({ kind: z.enum(REQUIREMENT_KINDS) });

function staffActor(request: FastifyRequest): StaffActor {
  return { ...actorOf(request), actorId: request.auth?.user.id ?? 0 };
}

/** The verification queue, review screen, decisions and settings of the back office. */
export const verificationAdminRoutes =
  (deps: { verification: VerificationService; decisions: VerificationDecisions }): FastifyPluginAsyncZod =>
  async (app) => {
    const { verification, decisions } = deps;
    app.addHook('preValidation', staffOnly);

    app.get(
      '/admin/verification',
      {
        preValidation: permit('verification.review'),
        schema: {
          tags,
          summary:
            'Customers with requirements to review (oldest submission first); filter by level, age, country',
          querystring: verificationQueueQuerySchema,
          response: { 200: verificationQueuePageSchema },
        },
      },
      async (request) => decisions.queue(request.query),
    );

    app.get(
      '/admin/verification/settings',
      {
        preValidation: permit('verification.review'),
        schema: {
          tags,
          summary: 'Verification settings: levels, four eyes, whether approval waits for verification',
          response: { 200: z.object({ data: verificationSettingsSchema }) },
        },
      },
      async () => ({ data: await verification.readSettings() }),
    );

    app.put(
      '/admin/verification/settings',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags,
          summary: 'Change the verification settings (audited)',
          body: verificationSettingsSchema,
          response: { 200: z.object({ data: verificationSettingsSchema }) },
        },
      },
      async (request) => ({ data: await verification.updateSettings(actorOf(request), request.body) }),
    );

    app.get(
      '/admin/verification/:userId',
      {
        preValidation: permit('verification.review'),
        schema: {
          tags,
          summary: 'A customer’s requirements, documents and profile, for review',
          params: userParams,
          response: { 200: z.object({ data: verificationReviewSchema }) },
        },
      },
      async (request) => ({ data: await decisions.review(request.params.userId) }),
    );

    app.post(
      '/admin/verification/:userId/requirements/:kind/approve',
      {
        preValidation: permit('verification.review'),
        schema: {
          tags,
          summary: 'Approve a requirement in review (with four eyes on: request a second approval)',
          params: kindParams,
          body: verificationApproveSchema.nullish(),
          response: {
            200: z.object({
              data: z.object({
                status: z.enum(['approved', 'requested']),
                approval_id: z.number().nullable(),
              }),
            }),
          },
        },
      },
      async (request) => ({
        data: await decisions.approve(
          staffActor(request),
          request.params.userId,
          request.params.kind,
          verificationApproveSchema.parse(request.body ?? {}),
        ),
      }),
    );

    app.post(
      '/admin/verification/:userId/requirements/:kind/reject',
      {
        preValidation: permit('verification.review'),
        schema: {
          tags,
          summary: 'Reject a requirement in review with a coded reason and a customer-visible message',
          params: kindParams,
          body: verificationRejectSchema,
          response: { 200: z.object({ data: verificationReviewSchema }) },
        },
      },
      async (request) => {
        await decisions.reject(staffActor(request), request.params.userId, request.params.kind, request.body);
        return { data: await decisions.review(request.params.userId) };
      },
    );
  };
