import {
  clientActivityPageSchema,
  clientCardSchema,
  clientListQuerySchema,
  clientMoneyPageSchema,
  clientNoteInputSchema,
  clientNotePageSchema,
  clientNoteSchema,
  clientPageSchema,
  clientPlanUpdateSchema,
  clientTradePageSchema,
  clientTradesQuerySchema,
  pageOnlyQuerySchema,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.ts';
import { staffOnly } from '../auth/authPlugin.ts';
import { permit, requirePermission, staffCan } from '../staff/policy.ts';
import type { ClientsService, StaffActor } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const noteParams = idParams.extend({ noteId: z.coerce.number().int().positive() });
const tags = ['admin'];

function staffActor(
  request: FastifyRequest,
  permission: Parameters<typeof requirePermission>[1],
): StaffActor {
  const { user } = requirePermission(request, permission);
  return { ...actorOf(request), actorId: user.id, can: (p) => staffCan(user, p) };
}

/** The clients area of the back office: list, card and its tabs, notes, plan change (DESIGN §12). */
export const clientsAdminRoutes =
  (deps: { clients: ClientsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { clients } = deps;
    app.addHook('preValidation', staffOnly);

    app.get(
      '/admin/clients',
      {
        preValidation: permit('clients.read'),
        schema: {
          tags,
          summary: 'Customers: search by name, e-mail or account number; filter by status, plan, online',
          querystring: clientListQuerySchema,
          response: { 200: clientPageSchema },
        },
      },
      async (request) => clients.list(request.query),
    );

    app.get(
      '/admin/clients/:id',
      {
        preValidation: permit('clients.read'),
        schema: {
          tags,
          summary: 'A client’s card: profile, plan, accounts valued at live prices',
          params: idParams,
          response: { 200: z.object({ data: clientCardSchema }) },
        },
      },
      async (request) => ({ data: await clients.card(request.params.id) }),
    );

    app.get(
      '/admin/clients/:id/trades',
      {
        preValidation: permit('clients.read'),
        schema: {
          tags,
          summary: 'A client’s open positions (at live prices), closed trades or pending orders',
          params: idParams,
          querystring: clientTradesQuerySchema,
          response: { 200: clientTradePageSchema },
        },
      },
      async (request) => clients.trades(request.params.id, request.query),
    );

    app.get(
      '/admin/clients/:id/money',
      {
        preValidation: permit('money.read'),
        schema: {
          tags,
          summary: 'Ledger entries of a client’s accounts, newest first',
          params: idParams,
          querystring: pageOnlyQuerySchema,
          response: { 200: clientMoneyPageSchema },
        },
      },
      async (request) => clients.money(request.params.id, request.query.page),
    );

    app.get(
      '/admin/clients/:id/activity',
      {
        preValidation: permit('clients.read'),
        schema: {
          tags,
          summary: 'A client’s timeline: staff actions, trades opened and closed, sign-ins (newest first)',
          params: idParams,
          querystring: pageOnlyQuerySchema,
          response: { 200: clientActivityPageSchema },
        },
      },
      async (request) => clients.activity(request.params.id, request.query.page),
    );

    app.patch(
      '/admin/clients/:id/plan',
      {
        preValidation: permit('clients.manage'),
        schema: {
          tags,
          summary: 'Move a client to another plan (leverage, margin call and stop-out levels)',
          params: idParams,
          body: clientPlanUpdateSchema,
          response: { 200: z.object({ data: clientCardSchema.shape.plan }) },
        },
      },
      async (request) => {
        const actor = staffActor(request, 'clients.manage');
        return { data: await clients.changePlan(request.params.id, request.body.plan_id, actor) };
      },
    );

    app.get(
      '/admin/clients/:id/notes',
      {
        preValidation: permit('clients.notes'),
        schema: {
          tags,
          summary: 'Staff-only notes on a client, newest first',
          params: idParams,
          querystring: pageOnlyQuerySchema,
          response: { 200: clientNotePageSchema },
        },
      },
      async (request) => clients.notes(request.params.id, request.query.page),
    );

    app.post(
      '/admin/clients/:id/notes',
      {
        preValidation: permit('clients.notes'),
        schema: {
          tags,
          summary: 'Add a note on a client',
          params: idParams,
          body: clientNoteInputSchema,
          response: { 201: z.object({ data: clientNoteSchema }) },
        },
      },
      async (request, reply) => {
        const actor = staffActor(request, 'clients.notes');
        const note = await clients.addNote(request.params.id, request.body.body, actor);
        return reply.status(201).send({ data: note });
      },
    );

    app.patch(
      '/admin/clients/:id/notes/:noteId',
      {
        preValidation: permit('clients.notes'),
        schema: {
          tags,
          summary: 'Edit one of your own notes',
          params: noteParams,
          body: clientNoteInputSchema,
          response: { 200: z.object({ data: clientNoteSchema }) },
        },
      },
      async (request) => {
        const actor = staffActor(request, 'clients.notes');
        const { id, noteId } = request.params;
        return { data: await clients.editNote(id, noteId, request.body.body, actor) };
      },
    );

    app.delete(
      '/admin/clients/:id/notes/:noteId',
      {
        preValidation: permit('clients.notes'),
        schema: {
          tags,
          summary: 'Delete a note (its author, or staff who manage clients); recorded in the audit trail',
          params: noteParams,
          response: { 200: z.object({ data: z.object({ id: z.number() }) }) },
        },
      },
      async (request) => {
        const actor = staffActor(request, 'clients.notes');
        await clients.deleteNote(request.params.id, request.params.noteId, actor);
        return { data: { id: request.params.noteId } };
      },
    );
  };
