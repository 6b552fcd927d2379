import type {
  AdminPaymentMethod,
  DepositMethod,
  DepositStatus,
  UpdatePaymentMethod,
} from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { paymentMethods } from '../../db/schemaMoney.ts';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/service.ts';
import type { PaymentsContext } from './context.ts';
import { presentDeposit } from './present.ts';
import { type DepositView, depositViewById, pageOfDeposits } from './repo.ts';

const PER_PAGE = 25;

/** Staff reads of deposits and the payment method settings (issue 14). */
export function createDepositsAdmin(ctx: PaymentsContext) {
  const { deps, methods } = ctx;

  async function sandboxOf(): Promise<(key: string) => boolean> {
    const all = new Map((await methods.all()).map((r) => [r.key, r]));
    return (key) => {
      const r = all.get(key);
      return r ? methods.isSandbox(r) : true;
    };
  }
  const withUser = (v: DepositView, sandbox: boolean) => ({ ...presentDeposit(v, sandbox), user: v.user });

  return {
    async methods(): Promise<AdminPaymentMethod[]> {
      return (await methods.all()).map(methods.present);
    },

    async updateMethod(
      key: string,
      input: UpdatePaymentMethod,
      actor: AuditActor,
    ): Promise<AdminPaymentMethod> {
      await methods.ensure();
      const after = await deps.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(paymentMethods)
          .where(eq(paymentMethods.key, key))
          .for('update');
        if (!before) throw new AppError('NOT_FOUND', 'No such payment method.');
        const [row] = await tx
          .update(paymentMethods)
          .set(methods.changed(before, input, deps.clock.now()))
          .where(eq(paymentMethods.key, key))
          .returning();
        if (!row) throw new Error('payment method vanished');
        await deps.audit.record(tx, actor, {
          action: 'payments.method.update',
          objectType: 'payment_method',
          objectId: key,
          before: methods.present(before),
          after: methods.present(row),
        });
        return row;
      });
      deps.bus.publish('admin.changed', { scope: 'settings', id: `payment-method:${key}` });
      return methods.present(after);
    },

    async page(filter: { status?: DepositStatus; method?: DepositMethod; q?: string }, page: number) {
      const { rows, total } = await pageOfDeposits(deps.db, filter, page, PER_PAGE);
      const sandbox = await sandboxOf();
      return { rows: rows.map((v) => withUser(v, sandbox(v.deposit.methodKey))), total, perPage: PER_PAGE };
    },

    async one(id: number) {
      const v = await depositViewById(deps.db, id);
      if (!v) throw new AppError('NOT_FOUND', 'No such deposit.');
      return withUser(v, (await sandboxOf())(v.deposit.methodKey));
    },

    async auditProofDownload(id: number, actor: AuditActor): Promise<void> {
      await deps.audit.record(deps.db, actor, {
        action: 'deposit.proof.download',
        objectType: 'deposit',
        objectId: id,
      });
    },
  };
}
export type DepositsAdmin = ReturnType<typeof createDepositsAdmin>;
