import {
  autotraderRequestSchema,
  type ExpertAdvisorDto,
  expertAdvisorSchema,
  filterMarketplace,
  type MarketplaceItem,
  parseMarketplaceQuery,
  purchaseAdvisorSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { actorOf } from '../audit/service.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import { createAutoTrader } from './autotrader.ts';
import { createCatalogue } from './catalogue.ts';
import type { AdvisorRunsApi } from './contract.ts';
import type { AdvisorDeps } from './deps.ts';
import { createPurchases } from './purchase.ts';

const tags = ['expert advisors'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** An advisor as the domain's marketplace rules read it, carrying the DTO it came from. */
const asItem = (dto: ExpertAdvisorDto): MarketplaceItem & { dto: ExpertAdvisorDto } => ({
  id: dto.id,
  title: dto.name,
  description: dto.description,
  author: dto.author,
  features: dto.features,
  category: dto.category,
  price: dto.amount_val,
  downloads: dto.downloads,
  rating: dto.rating,
  dto,
});

/**
 * The marketplace, purchases and AutoTrader requests (SPEC §7, issue 16). Registering these also
 * registers the `autotrader` approvals executor, so it exists before any request is decided.
 */
export function advisorRoutes(deps: AdvisorDeps & { runs: AdvisorRunsApi }): FastifyPluginAsyncZod {
  const catalogue = createCatalogue(deps);
  const purchases = createPurchases(deps);
  const autotrader = createAutoTrader(deps);

  return async (app) => {
    app.get(
      '/expert_advisors',
      {
        schema: {
          tags,
          summary:
            'The marketplace: active Expert Advisors with their backtest figures, `purchased` for the signed-in customer; optional search, category and filter as the page’s address (SPEC §2)',
          querystring: z.object({
            search: z.string().max(200).optional(),
            category: z.string().max(80).optional(),
            filter: z.string().max(40).optional(),
          }),
          response: { 200: z.object({ data: z.object({ data: z.array(expertAdvisorSchema) }) }) },
        },
      },
      async (request) => {
        const list = await catalogue.list(
          request.auth?.user.role === 'customer' ? request.auth.user.id : null,
        );
        // The same rules as the page, so what the server answers and what the client shows agree.
        const query = parseMarketplaceQuery(request.query);
        return { data: { data: filterMarketplace(list.map(asItem), query).map((i) => i.dto) } };
      },
    );

    app.get(
      '/expert_advisors/:id',
      {
        schema: {
          tags,
          summary: 'One Expert Advisor with its backtest’s equity curve',
          params: idParams,
          response: { 200: z.object({ data: expertAdvisorSchema }) },
        },
      },
      async (request) => {
        const userId = request.auth?.user.role === 'customer' ? request.auth.user.id : null;
        return { data: await catalogue.detail(request.params.id, userId) };
      },
    );

    app.post(
      '/purchase/ea',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary:
            'Buy an Expert Advisor from your live account: the USD price at the live rate, through the ledger (Idempotency-Key honoured)',
          headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
          body: purchaseAdvisorSchema,
          response: { 200: z.object({ status: z.literal('success'), message: z.string() }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return purchases.purchase(user, request.body, idempotencyKeyOf(request.headers));
      },
    );

    app.post(
      '/update/autotrader',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary:
            'Ask for AutoTrader at a risk level (low, medium, high): staff approve or reject the request',
          body: autotraderRequestSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return autotrader.request(user, request.body.autotrader_type, actorOf(request));
      },
    );
  };
}
