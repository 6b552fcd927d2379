import {
  financialProfileInputSchema,
  financialProfileSchema,
  financialProfileStatusSchema,
  onboardingSettingsSchema,
  onboardingSettingsUpdateSchema,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { actorOf } from '../audit/service.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import { permit } from '../staff/policy.ts';
import type { ProfileService } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The questionnaire is the customer's own; staff read it through the client card instead. */
function customerId(request: FastifyRequest): number {
  const { user } = requireAuth(request);
  if (user.role !== 'customer') throw new AppError('FORBIDDEN', 'The financial profile is for customers.');
  return user.id;
}

/** Registration step 2: the customer's financial profile, the staff read and the onboarding setting. */
export const profileRoutes =
  (deps: { profile: ProfileService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { profile } = deps;

    app.get(
      '/profile/financial',
      {
        preValidation: signedInOnly,
        schema: {
          tags: ['profile'],
          summary: 'The signed-in customer’s financial profile (null until answered) and onboarding state',
          response: { 200: z.object({ data: financialProfileStatusSchema }) },
        },
      },
      async (request) => ({ data: await profile.status(customerId(request)) }),
    );

    app.put(
      '/profile/financial',
      {
        preValidation: signedInOnly,
        schema: {
          tags: ['profile'],
          summary: 'Answers the appropriateness questionnaire; a low score needs risk_acknowledged',
          body: financialProfileInputSchema,
          response: { 200: z.object({ data: financialProfileStatusSchema }) },
        },
      },
      async (request) => ({ data: await profile.save(customerId(request), request.body) }),
    );

    app.get(
      '/admin/clients/:id/financial-profile',
      {
        preValidation: permit('clients.read'),
        schema: {
          tags: ['admin'],
          summary: 'A client’s financial profile (null until answered)',
          params: idParams,
          response: { 200: z.object({ data: financialProfileSchema.nullable() }) },
        },
      },
      async (request) => ({ data: await profile.forStaff(request.params.id) }),
    );

    app.get(
      '/admin/onboarding-settings',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags: ['admin'],
          summary: 'Onboarding settings: whether approval waits for verification',
          response: { 200: z.object({ data: onboardingSettingsSchema }) },
        },
      },
      async () => ({ data: await profile.settings() }),
    );

    app.patch(
      '/admin/onboarding-settings',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags: ['admin'],
          summary: 'Sets whether approval waits for verification (the verification settings; audited there)',
          body: onboardingSettingsUpdateSchema,
          response: { 200: z.object({ data: onboardingSettingsSchema }) },
        },
      },
      async (request) => ({ data: await profile.updateSettings(actorOf(request), request.body) }),
    );
  };
