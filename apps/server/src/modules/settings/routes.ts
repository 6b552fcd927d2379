import { siteSettingsSchema, siteSettingsUpdateSchema, staffSettingsSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.ts';
import { permit } from '../staff/policy.ts';
import type { SettingsAdmin } from './adminService.ts';
import { presentSettings, presentStaffSettings } from './present.ts';
import type { SettingsService } from './service.ts';

export const settingsRoutes =
  (deps: { settings: SettingsService; admin: SettingsAdmin }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'Public site settings (SPEC §1)',
          response: { 200: z.object({ data: siteSettingsSchema }) },
        },
      },
      async (_request, reply) => {
        // Browsers must ask again on every load, so a change staff made shows after a reload.
        void reply.header('Cache-Control', 'no-cache');
        return { data: presentSettings(await deps.settings.get()) };
      },
    );

    app.get(
      '/admin/settings',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags: ['admin'],
          summary:
            'Site settings with staff-only fields (auto-approve, category leverage, four-eyes threshold)',
          response: { 200: z.object({ data: staffSettingsSchema }) },
        },
      },
      async () => ({ data: presentStaffSettings(await deps.settings.get()) }),
    );

    app.patch(
      '/admin/settings',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags: ['admin'],
          summary: 'Change site settings: any subset of the fields; applies live on every node',
          body: siteSettingsUpdateSchema,
          response: { 200: z.object({ data: staffSettingsSchema }) },
        },
      },
      async (request) => ({
        data: presentStaffSettings(await deps.admin.update(actorOf(request), request.body)),
      }),
    );
  };
