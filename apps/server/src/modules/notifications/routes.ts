import { notificationPageQuerySchema, notificationSchema, pagedSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATIONS_PAGE_SIZE,
  pageOfNotifications,
  presentNotification,
  unreadNotificationCount,
} from './repo.ts';

const PATH = '/notifications';

/** SPEC §7 `POST /notifications/{id}/read`, with the paged list and "mark all" the bell needs. */
export const notificationRoutes =
  (deps: { db: Db; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;
    const tags = ['notifications'];

    app.get(
      PATH,
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'The signed-in user’s notifications, newest first, paged, with the unread count',
          querystring: notificationPageQuerySchema,
          response: { 200: pagedSchema(notificationSchema).extend({ unread_count: z.number() }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const { page } = request.query;
        const [{ rows, total }, unread] = await Promise.all([
          pageOfNotifications(db, user.id, page),
          unreadNotificationCount(db, user.id),
        ]);
        const lastPage = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
        const link = (n: number) => `${PATH}?page=${n}`;
        return {
          data: rows.map(presentNotification),
          meta: { current_page: page, last_page: lastPage, per_page: NOTIFICATIONS_PAGE_SIZE, total },
          links: { next: page < lastPage ? link(page + 1) : null, prev: page > 1 ? link(page - 1) : null },
          // Beside the Laravel shape: the bell's badge counts every unread one, not just this page's.
          unread_count: unread,
        };
      },
    );

    app.post(
      `${PATH}/read-all`,
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Mark every notification of the signed-in user read',
          response: { 200: z.object({ data: z.object({ updated: z.number() }) }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return { data: { updated: await markAllNotificationsRead(db, user.id, clock.now()) } };
      },
    );

    app.post(
      `${PATH}/:id/read`,
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Mark one of the signed-in user’s notifications read (idempotent)',
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: z.object({ data: notificationSchema }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const row = await markNotificationRead(db, user.id, request.params.id, clock.now());
        if (!row) throw new AppError('NOT_FOUND', 'No such notification.');
        return { data: presentNotification(row) };
      },
    );
  };
