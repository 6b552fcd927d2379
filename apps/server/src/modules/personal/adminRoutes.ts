import { personalVersionListSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { permit } from '../staff/policy.ts';
import type { PersonalService } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Staff read a customer's personal-information history (changes are decided in the approvals queue). */
export const personalAdminRoutes =
  (deps: { personal: PersonalService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/clients/:id/personal-versions',
      {
        preValidation: permit('clients.read'),
        schema: {
          tags: ['admin'],
          summary: 'A customer’s personal-information versions, newest first, with who made each',
          params: idParams,
          response: { 200: personalVersionListSchema },
        },
      },
      async (request) => {
        if (!(await deps.personal.isCustomer(request.params.id)))
          throw new AppError('NOT_FOUND', 'No such client.');
        return { data: await deps.personal.versions(request.params.id, true) };
      },
    );
  };
