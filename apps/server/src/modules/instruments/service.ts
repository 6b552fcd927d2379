import type { InstrumentCreate, InstrumentQuery, InstrumentUpdate } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { decimalsFor } from '../../db/seed/instruments/build.ts';
import { AppError, validationError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AssetRow } from '../assets/repo.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import { type AssetChanges, assetById, insertAsset, lockAsset, pageOfAssets, updateAsset } from './repo.ts';

export interface InstrumentsDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  market: MarketData;
  audit: AuditService;
}

/** API field → column, for the fields staff may change (the audit speaks the API's names). */
const FIELDS = {
  enabled: 'enabled',
  name: 'name',
  symbol_display: 'symbolDisplay',
  buy_spread: 'buySpread',
  sell_spread: 'sellSpread',
  leverage: 'leverage',
  contract_size: 'contractSize',
  display_digits: 'displayDigits',
  sessions: 'sessions',
} as const satisfies Record<keyof InstrumentUpdate, keyof AssetChanges>;
const FIELD_NAMES = Object.keys(FIELDS).filter((k): k is keyof typeof FIELDS => k in FIELDS);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Price decimals of a new instrument, as the seed derives them: 5 for forex (3 against the yen). */
function priceDecimals(input: InstrumentCreate): number {
  if (input.type === 'forex') return input.quote_currency === 'JPY' ? 3 : 5;
  return decimalsFor(input.reference_price);
}

/**
 * The instrument catalogue as staff run it (issue 13): every change and addition is audited in
 * its own transaction, then every node's market reloads it (bus `instruments.updated`), so
 * quotes, order checks, the risk engine and the feed use it at once, without a restart.
 */
export function createInstrumentsService(deps: InstrumentsDeps) {
  const { db, clock, bus, market, audit } = deps;

  /** After the commit: this node's market first (the answer shows it), then every other node. */
  async function propagate(id: number): Promise<AssetRow> {
    const [row] = await market.reload([id]);
    bus.publish('instruments.updated', { ids: [id] });
    bus.publish('admin.changed', { scope: 'instruments', id: String(id) });
    if (!row) throw new AppError('NOT_FOUND', 'No such instrument.');
    return row;
  }

  return {
    page: (q: InstrumentQuery) => pageOfAssets(db, q),

    async get(id: number): Promise<AssetRow> {
      const row = await assetById(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such instrument.');
      return row;
    },

    /** Applies the fields that differ; audits before/after of exactly those. */
    async update(id: number, input: InstrumentUpdate, actor: AuditActor): Promise<AssetRow> {
      const changed = await db.transaction(async (tx) => {
        const row = await lockAsset(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'No such instrument.');
        const changes: AssetChanges = {};
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const field of FIELD_NAMES) {
          const value = input[field];
          const column = FIELDS[field];
          if (value === undefined || same(row[column], value)) continue;
          Object.assign(changes, { [column]: value });
          before[field] = row[column];
          after[field] = value;
        }
        if (Object.keys(changes).length === 0) return false;
        await updateAsset(tx, id, changes, clock.now());
        await audit.record(tx, actor, {
          action: 'instrument.update',
          objectType: 'instrument',
          objectId: id,
          before,
          after,
        });
        return true;
      });
      if (!changed) return this.get(id);
      return propagate(id);
    },

    /** Adds an instrument; the feed starts walking it from its reference price. */
    async create(input: InstrumentCreate, actor: AuditActor): Promise<AssetRow> {
      const display = input.symbol_display ?? input.symbol;
      const created = await db.transaction(async (tx) => {
        const row = await insertAsset(tx, {
          symbol: input.symbol,
          sy: display,
          symbolDisplay: display,
          name: input.name,
          type: input.type,
          category: input.category ?? 'Other',
          tvSymbol: input.symbol,
          image: null,
          baseCurrency: input.base_currency,
          quoteCurrency: input.quote_currency,
          contractSize: input.contract_size,
          buySpread: input.buy_spread,
          sellSpread: input.sell_spread,
          leverage: input.leverage,
          referencePrice: input.reference_price,
          decimals: priceDecimals(input),
          displayDigits: input.display_digits,
          exchangeZone: input.exchange_zone,
          sessions: input.sessions,
          enabled: input.enabled,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        if (!row)
          throw validationError({
            symbol: [`An instrument with the symbol ${input.symbol} exists already.`],
          });
        await audit.record(tx, actor, {
          action: 'instrument.create',
          objectType: 'instrument',
          objectId: row.id,
          after: input,
        });
        return row;
      });
      return propagate(created.id);
    },
  };
}
export type InstrumentsService = ReturnType<typeof createInstrumentsService>;
