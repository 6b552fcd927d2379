import {
  assetInfoResponseSchema,
  assetListResponseSchema,
  CANDLE_INTERVALS,
  candlesResponseSchema,
  DEFAULT_CANDLE_INTERVAL,
  HISTORY_SPAN_MS,
  instrumentSchedule,
  isMarketOpen,
  LOT_STEP,
  MAX_LOTS,
  MIN_LOTS,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import { presentAsset } from './present.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Serializes without re-validating: for answers already typed by their builder and large. */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export const assetRoutes =
  (deps: { market: MarketData; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const { market } = deps;
    const instrumentOr404 = (id: number) => {
      const inst = market.instrument(id);
      // A disabled instrument is out of the catalogue (its open positions are still valued).
      if (!inst?.enabled) throw new AppError('NOT_FOUND', 'No such instrument.');
      return inst;
    };

    app.get(
      '/assets',
      {
        schema: {
          tags: ['market'],
          summary: 'Every enabled instrument with its live rate (SPEC §7)',
          response: { 200: assetListResponseSchema },
        },
        // The schema documents the contract (OpenAPI) and the tests check the answer against it;
        // encoding 2,232 assets through zod on every request costs 2–3× the JSON.stringify itself.
        serializerCompiler: plainJson,
      },
      async () => ({ data: market.allInstruments().map((row) => presentAsset(row, market.quote(row.id))) }),
    );

    app.get(
      '/assets/:id/candles',
      {
        schema: {
          tags: ['market'],
          summary: 'OHLC candles for a chart; at most 1500 per request',
          params: idParams,
          querystring: z.object({
            interval: z.enum(CANDLE_INTERVALS).default(DEFAULT_CANDLE_INTERVAL),
            from: z.coerce.number().int().nonnegative().optional(),
            to: z.coerce.number().int().positive().optional(),
          }),
          response: { 200: candlesResponseSchema },
        },
      },
      async (request) => {
        const inst = instrumentOr404(request.params.id);
        const { interval } = request.query;
        const to = request.query.to ?? deps.clock.now().getTime() + 1;
        const from = request.query.from ?? to - HISTORY_SPAN_MS[interval];
        if (from >= to) throw new AppError('BAD_REQUEST', '`from` must be before `to`.');
        return { data: await market.candlesFor(inst.id, interval, from, to), interval };
      },
    );

    app.get(
      '/assets/:id/info',
      {
        schema: {
          tags: ['market'],
          summary: 'Asset information: schedule, contract specification, 24 h figures',
          params: idParams,
          response: { 200: assetInfoResponseSchema },
        },
      },
      async (request) => {
        const inst = instrumentOr404(request.params.id);
        const schedule = instrumentSchedule(inst);
        return {
          data: {
            asset: presentAsset(inst, market.quote(inst.id)),
            trading_schedule: {
              description: schedule.description,
              time_zone: schedule.timeZone,
              is_open: isMarketOpen(schedule, deps.clock.now()),
            },
            contract_specification: {
              contract_size: inst.contractSize,
              base_currency: inst.baseCurrency,
              quote_currency: inst.quoteCurrency,
              min_volume_lots: MIN_LOTS,
              max_volume_lots: MAX_LOTS,
              volume_step_lots: LOT_STEP,
              price_decimals: inst.decimals,
              leverage: inst.leverage,
            },
          },
        };
      },
    );
  };
