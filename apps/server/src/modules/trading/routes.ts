import {
  accountQuerySchema,
  accountSummarySchema,
  closeTradeSchema,
  modifyTradeSchema,
  pagedSchema,
  pageQuerySchema,
  placeOrderSchema,
  staffCloseTradeSchema,
  tradeSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Bus } from '../../realtime/bus.ts';
import { type AuditService, actorOf } from '../audit/service.ts';
import { requireAuth, requireStaff, signedInOnly } from '../auth/authPlugin.ts';
import { permit } from '../staff/policy.ts';
import type { TradingReads } from './reads.ts';
import type { TradingService } from './service.ts';

/** The order calls may use a session found live a few seconds ago (authPlugin.ts, sessionCache.ts). */
const HOT = { sessionCache: true };
const idParams = z.object({ id: z.coerce.number().int().positive() });
const one = z.object({ data: tradeSchema });
const paged = pagedSchema(tradeSchema);
const LISTS = [
  {
    path: '/open/trades',
    statuses: ['open'],
    summary: 'Open positions, newest first, valued at the latest price',
  },
  {
    path: '/closed/trades',
    statuses: ['closed'],
    summary: 'Closed positions (trading history), newest first',
  },
  { path: '/pending/orders', statuses: ['pending'], summary: 'Pending orders waiting for their price' },
] as const;

/** SPEC §7 trade calls and the pending-order, partial-close and TP/SL calls DESIGN §4 adds. */
export const tradingRoutes =
  (deps: {
    trading: TradingService;
    reads: TradingReads;
    audit: AuditService;
    bus: Bus;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { trading, reads } = deps;
    const tags = ['trading'];

    app.post(
      '/trades/store',
      {
        preValidation: signedInOnly,
        config: HOT,
        schema: {
          tags,
          summary: 'Place a market or pending order; priced by the server, idempotent by client_order_id',
          body: placeOrderSchema,
          response: { 200: one },
        },
      },
      async (request) => ({ data: await trading.place(requireAuth(request).user, request.body) }),
    );

    app.post(
      '/trade/:id/close',
      {
        preValidation: signedInOnly,
        config: HOT,
        schema: {
          tags,
          summary: 'Close an open position, or `volume` lots of it',
          params: idParams,
          body: closeTradeSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await trading.close(requireAuth(request).user, request.params.id, request.body?.volume),
      }),
    );

    app.put(
      '/trade/:id',
      {
        preValidation: signedInOnly,
        config: HOT,
        schema: {
          tags,
          summary:
            'Set or clear take-profit and stop-loss (0 or null clears); a pending order’s price and expiry',
          params: idParams,
          body: modifyTradeSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await trading.modify(requireAuth(request).user, request.params.id, request.body),
      }),
    );

    app.post(
      '/trade/:id/cancel',
      {
        preValidation: signedInOnly,
        config: HOT,
        schema: { tags, summary: 'Cancel a pending order', params: idParams, response: { 200: one } },
      },
      async (request) => ({ data: await trading.cancel(requireAuth(request).user, request.params.id) }),
    );

    for (const list of LISTS) {
      app.get(
        list.path,
        {
          preValidation: signedInOnly,
          schema: { tags, summary: list.summary, querystring: pageQuerySchema, response: { 200: paged } },
        },
        async (request) =>
          reads.page(
            requireAuth(request).user.id,
            request.query.account_id,
            [...list.statuses],
            request.query.page,
            `/api/v1${list.path}`,
          ),
      );
    }

    app.get(
      '/account/summary',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Balance, credit, equity, margin, free margin, margin level (null = ∞), P/L',
          querystring: accountQuerySchema,
          response: { 200: z.object({ data: accountSummarySchema }) },
        },
      },
      async (request) => ({
        data: await reads.summary(requireAuth(request).user.id, request.query.account_id),
      }),
    );

    app.post(
      '/admin/trades/:id/close',
      {
        preValidation: permit('trades.close'),
        schema: {
          tags: ['admin'],
          summary: 'Staff close a customer’s position, with a reason (audited)',
          params: idParams,
          body: staffCloseTradeSchema,
          response: { 200: one },
        },
      },
      async (request) => {
        requireStaff(request);
        const { reason } = request.body;
        let customerId = 0;
        // The audit row is written in the closing transaction: no close without its record.
        const closed = await trading.close(null, request.params.id, undefined, async (tx, before, after) => {
          customerId = before.userId;
          await deps.audit.record(tx, actorOf(request), {
            action: 'trade.close',
            objectType: 'trade',
            objectId: before.id,
            before: { status: before.status, lots: before.lots, account_id: before.tradingAccountId },
            after: {
              status: after.status,
              lots: after.lots,
              closing_price: after.closingPrice,
              pnl_cents: after.pnlCents,
            },
            reason,
          });
        });
        deps.bus.publish('admin.changed', { scope: 'clients', id: String(customerId) });
        return { data: closed };
      },
    );
  };
