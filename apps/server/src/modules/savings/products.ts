import { rateToBps, type SavingsProduct, type SavingsProductInput, toCents } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { presentProduct } from './present.ts';
import { insertProduct, listProducts, lockProduct, type NewProduct, updateProduct } from './repo.ts';

/** The row a staff input describes; the rate to whole basis points, limits to cents. */
function rowOf(input: SavingsProductInput): Omit<NewProduct, 'id'> {
  return {
    name: input.name,
    description: input.description,
    kind: input.kind,
    currency: input.currency,
    annualRateBps: rateToBps(input.annual_rate),
    termDays: input.kind === 'fixed' ? input.term_days : null,
    minCents: toCents(input.min_amount),
    maxCents: input.max_amount === null ? null : toCents(input.max_amount),
    enabled: input.enabled,
  };
}

/**
 * Savings products as staff define them (issue 14): flexible, or fixed terms in multiples of 30
 * days. Every change is audited in its transaction; positions keep the rate and term they were
 * opened with, so a change applies to new deposits only.
 */
export function createSavingsProducts(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  audit: AuditService;
  settings: SettingsService;
}) {
  async function check(input: SavingsProductInput): Promise<void> {
    const currencies = (await deps.settings.get()).accountCurrencies;
    if (!currencies.includes(input.currency)) {
      throw validationError({ currency: [`Accounts are not offered in ${input.currency}.`] });
    }
    if (input.max_amount !== null && input.max_amount < input.min_amount) {
      throw validationError({ max_amount: ['The maximum must not be below the minimum.'] });
    }
  }

  return {
    async list(enabledOnly: boolean): Promise<SavingsProduct[]> {
      return (await listProducts(deps.db, enabledOnly)).map(presentProduct);
    },

    async create(actor: AuditActor, input: SavingsProductInput): Promise<SavingsProduct> {
      await check(input);
      const row = await deps.db.transaction(async (tx) => {
        const created = await insertProduct(tx, rowOf(input));
        await deps.audit.record(tx, actor, {
          action: 'savings.product_create',
          objectType: 'savings_product',
          objectId: created.id,
          after: presentProduct(created),
        });
        return created;
      });
      deps.bus.publish('admin.changed', { scope: 'settings' });
      return presentProduct(row);
    },

    async update(actor: AuditActor, id: number, input: SavingsProductInput): Promise<SavingsProduct> {
      await check(input);
      const row = await deps.db.transaction(async (tx) => {
        const before = await lockProduct(tx, id);
        if (!before) throw new AppError('NOT_FOUND', 'No such savings product.');
        const after = await updateProduct(tx, id, { ...rowOf(input), updatedAt: deps.clock.now() });
        await deps.audit.record(tx, actor, {
          action: 'savings.product_update',
          objectType: 'savings_product',
          objectId: id,
          before: presentProduct(before),
          after: presentProduct(after),
        });
        return after;
      });
      deps.bus.publish('admin.changed', { scope: 'settings' });
      return presentProduct(row);
    },
  };
}
export type SavingsProducts = ReturnType<typeof createSavingsProducts>;
