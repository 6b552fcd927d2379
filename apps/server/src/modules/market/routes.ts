import { sharedDataResponseSchema, siteCategoryLeverage, siteDataResponseSchema } from '@openbroker/domain';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { planFeatures, plans } from '../../db/schema.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import { sharedCatalogue } from '../advisors/catalogue.ts';
import type { SettingsService } from '../settings/service.ts';
import { currencyRates } from './currencies.ts';

export const marketRoutes =
  (deps: { db: Db; market: MarketData; settings: SettingsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/data',
      {
        schema: {
          tags: ['market'],
          summary: 'Site data: leverage per market category (SPEC §3; default 100 each)',
          response: { 200: siteDataResponseSchema },
        },
      },
      async () => {
        const { categoryLeverage } = await deps.settings.get();
        return { data: { leverage: siteCategoryLeverage(categoryLeverage) } };
      },
    );

    app.get(
      '/shared-data',
      {
        schema: {
          tags: ['market'],
          summary: 'Currencies with live rates, plans, plan features and Expert Advisors',
          response: { 200: sharedDataResponseSchema },
        },
      },
      async () => {
        const [planRows, featureRows, advisors] = await Promise.all([
          deps.db.select().from(plans).orderBy(asc(plans.rank), asc(plans.id)),
          deps.db.select().from(planFeatures).orderBy(asc(planFeatures.rank), asc(planFeatures.id)),
          sharedCatalogue(deps.db),
        ]);
        return {
          data: {
            currencies: currencyRates(deps.market),
            plans: planRows.map((p) => ({
              id: p.id,
              title: p.title,
              color: p.color,
              icon: p.icon,
              image: p.image,
              leverage: p.leverage,
              recommended: p.recommended,
              features: p.features,
            })),
            plan_features: featureRows.map((f) => ({ id: f.id, title: f.title })),
            // The active catalogue (SPEC §3 Expert Advisor), the same for everyone: no `purchased`.
            expert_advisors: advisors,
          },
        };
      },
    );
  };
