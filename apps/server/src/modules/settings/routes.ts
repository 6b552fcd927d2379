import { siteSettingsSchema, siteSettingsUpdateSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../auth/authPlugin.ts';
import { presentSettings, presentStaffSettings, type SettingsService } from './service.ts';

export const settingsRoutes =
  (settings: SettingsService): FastifyPluginAsyncZod =>
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
      async () => ({ data: presentSettings(await settings.get()) }),
    );

    const staffSettings = siteSettingsSchema.extend({ auto_approve: z.boolean() });
    app.get(
      '/admin/settings',
      {
        preValidation: staffOnly,
        schema: {
          tags: ['admin'],
          summary: 'Site settings with staff-only fields',
          response: { 200: z.object({ data: staffSettings }) },
        },
      },
      async () => ({ data: presentStaffSettings(await settings.get()) }),
    );

    app.patch(
      '/admin/settings',
      {
        preValidation: staffOnly,
        schema: {
          tags: ['admin'],
          summary: 'Change site settings (e.g. switch the site to maintenance)',
          body: siteSettingsUpdateSchema,
          response: { 200: z.object({ data: staffSettings }) },
        },
      },
      async (request) => ({ data: presentStaffSettings(await settings.update(request.body)) }),
    );
  };
