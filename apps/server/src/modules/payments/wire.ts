import { type DEPOSIT_REJECTION_CODES, type Deposit, toCents } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { deposits } from '../../db/schemaMoney.ts';
import { AppError, validationError } from '../../errors.ts';
import type { AuditActor } from '../audit/service.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { sanitizeFileName } from '../chat/uploads.ts';
import { announce, type PaymentsContext } from './context.ts';
import { creditDeposit, depositFee, endDeposit } from './credit.ts';
import type { Deposits } from './deposits.ts';
import { detectProofType, PROOF_TYPE_NOT_ALLOWED, removeProofFile, storeProofFile } from './proofFiles.ts';
import { type DepositRow, depositById } from './repo.ts';

type StaffActor = AuditActor & { actorId: number };

function snapshot(d: DepositRow) {
  return { status: d.status, amount_cents: d.amountCents, fee_cents: d.feeCents };
}

/**
 * Bank wires (issue 14): the customer announces a transfer and uploads its confirmation; staff
 * confirm the amount that actually arrived (then it is credited, once, whoever clicks first) or
 * reject it with a coded reason. Every staff step is audited in its own transaction.
 */
export function createWires(ctx: PaymentsContext, depositsService: Deposits) {
  const { deps } = ctx;

  async function decidable(id: number): Promise<DepositRow> {
    const d = await depositById(deps.db, id);
    if (!d) throw new AppError('NOT_FOUND', 'No such deposit.');
    return d;
  }

  return {
    /** `POST /deposits/{id}/proof`: the owner's pending wire only. */
    async uploadProof(
      user: UserRow,
      id: number,
      file: { bytes: Buffer; fileName: string },
    ): Promise<Deposit> {
      const d = await depositById(deps.db, id);
      if (!d || d.userId !== user.id) throw new AppError('NOT_FOUND', 'No such deposit.');
      if (d.method !== 'wire')
        throw validationError({ file: ['Only a bank wire takes a transfer confirmation.'] });
      if (d.status !== 'pending') throw new AppError('CONFLICT', 'This deposit is already decided.');
      const type = await detectProofType(file.bytes, file.fileName);
      if (!type) throw validationError({ file: [PROOF_TYPE_NOT_ALLOWED] });
      const stored = await storeProofFile(deps.dataDir, file.bytes, type.ext);
      const [updated] = await deps.db
        .update(deposits)
        .set({
          proofFile: stored,
          proofName: sanitizeFileName(file.fileName, type.ext),
          proofMime: type.mime,
          updatedAt: deps.clock.now(),
        })
        .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
        .returning();
      if (!updated) {
        await removeProofFile(deps.dataDir, stored);
        throw new AppError('CONFLICT', 'This deposit is already decided.');
      }
      if (d.proofFile) await removeProofFile(deps.dataDir, d.proofFile);
      announce(ctx, [], id);
      return depositsService.own(user, id);
    },

    /** `POST /admin/deposits/{id}/confirm`: credits what arrived, once (compare-and-set). */
    async confirm(
      id: number,
      input: { amount: number; note?: string | undefined },
      actor: StaffActor,
    ): Promise<Deposit> {
      const d = await decidable(id);
      if (d.method !== 'wire') throw validationError({ amount: ['Only bank wires are confirmed by staff.'] });
      if (d.status !== 'pending') throw new AppError('CONFLICT', 'This deposit is already decided.');
      const row = await ctx.methods.get(d.methodKey);
      const amountCents = toCents(input.amount);
      const feeCents = depositFee(ctx, row, amountCents, d.currency);
      if (feeCents >= amountCents)
        throw validationError({ amount: ['The amount must be greater than the fee.'] });
      const note = await deps.accounts.transaction(async (work) => {
        const done = await creditDeposit(ctx, work, d, { amountCents, feeCents, createdBy: actor.actorId });
        if (!done) throw new AppError('CONFLICT', 'This deposit is already decided.');
        await deps.audit.record(work.tx, actor, {
          action: 'deposit.confirm',
          objectType: 'deposit',
          objectId: id,
          before: snapshot(d),
          after: snapshot(done.deposit),
          reason: input.note ?? null,
        });
        return done.note;
      });
      announce(ctx, [note], id);
      return depositsService.present(id);
    },

    /** `POST /admin/deposits/{id}/reject`: a wire or a crypto transfer still undecided. */
    async reject(
      id: number,
      input: { reason_code: (typeof DEPOSIT_REJECTION_CODES)[number]; reason: string },
      actor: StaffActor,
    ): Promise<Deposit> {
      const d = await decidable(id);
      if (d.method === 'card')
        throw validationError({ reason_code: ['Card deposits are decided by the card provider.'] });
      if (d.status !== 'pending' && d.status !== 'confirming')
        throw new AppError('CONFLICT', 'This deposit is already decided.');
      const note = await deps.accounts.transaction(async (work) => {
        const ended = await endDeposit(ctx, work, d, 'rejected', {
          code: input.reason_code,
          reason: input.reason,
          decidedBy: actor.actorId,
        });
        if (!ended) throw new AppError('CONFLICT', 'This deposit is already decided.');
        await deps.audit.record(work.tx, actor, {
          action: 'deposit.reject',
          objectType: 'deposit',
          objectId: id,
          before: snapshot(d),
          after: { ...snapshot(ended.deposit), reason_code: input.reason_code },
          reason: input.reason,
        });
        return ended.note;
      });
      announce(ctx, [note], id);
      return depositsService.present(id);
    },

    /** The stored confirmation for staff download (audited by the caller's route). */
    async proofOf(id: number): Promise<DepositRow & { proofFile: string }> {
      const d = await decidable(id);
      if (!d.proofFile) throw new AppError('NOT_FOUND', 'This deposit has no uploaded confirmation.');
      return { ...d, proofFile: d.proofFile };
    },
  };
}
export type Wires = ReturnType<typeof createWires>;
