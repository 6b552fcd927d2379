import {
  acceptsUploads,
  canDeposit,
  canWithdraw,
  type DocumentSide,
  type DocumentType,
  levelOf,
  REQUIREMENT_LABELS,
  type RequirementKind,
  transition,
  VERIFICATION_STORAGE_CAP_BYTES,
  type VerificationOverview,
  type VerificationSettings,
  verificationSettingsSchema,
} from '@openbroker/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { sanitizeFileName } from '../chat/uploads.ts';
import { staffCan } from '../staff/policy.ts';
import {
  detectVerificationType,
  removeVerificationFile,
  storeVerificationFile,
  VERIFICATION_TYPE_NOT_ALLOWED,
  verificationFilePath,
} from './files.ts';
import {
  levelSummary,
  nextStepOf,
  presentDocument,
  presentRequirements,
  type ResolvedSettings,
  resolveSettings,
  snapshotOf,
  statesOf,
} from './present.ts';
import {
  casRequirement,
  type DocumentRow,
  documentsOf,
  ensureRequirement,
  expireDue,
  findDocument,
  insertDocument,
  markSubmitted,
  readSettings,
  requirementsOf,
  storedBytesOf,
  unsubmittedDocuments,
  writeSettings,
} from './repo.ts';

/** Which document types prove which requirement. */
const TYPES_FOR: Readonly<Record<RequirementKind, readonly DocumentType[]>> = {
  identity_document: ['passport', 'id_card', 'driving_licence'],
  proof_of_address: ['utility_bill', 'bank_statement', 'other'],
  selfie: ['selfie'],
  source_of_funds: ['bank_statement', 'other'],
};
const TWO_SIDED: readonly DocumentType[] = ['id_card', 'driving_licence'];

export const PENDING_CANNOT_UPLOAD =
  'Your account is waiting for approval. You can upload verification documents once it is approved.';
export const STORAGE_FULL = `You have used all ${VERIFICATION_STORAGE_CAP_BYTES / 1024 / 1024} MB of storage for verification documents. Contact support if you need to send more.`;

export interface UploadInput {
  requirement: RequirementKind;
  documentType: DocumentType;
  side: DocumentSide | null;
  bytes: Buffer;
  fileName: string;
}

/**
 * The customer side of verification (issue 15) and the gates the money module calls: levels from
 * requirement states, uploads and submits, downloads for the owner or permitted staff.
 */
export function createVerificationService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  audit: AuditService;
  dataDir: string;
  /**
   * What the customer has deposited so far, in USD cents. Deposits do not exist yet (a later
   * issue): the money module passes its own sum; until then nothing was deposited.
   */
  depositedCents?: (db: DbOrTx, userId: number) => Promise<number>;
}) {
  const { db, clock, bus } = deps;

  async function settings(tx: DbOrTx = db): Promise<ResolvedSettings> {
    return resolveSettings(await readSettings(tx));
  }

  /** Requirements with lazy expiry applied: a verification past its date counts as expired. */
  async function freshRequirements(tx: DbOrTx, userId: number) {
    const expired = await expireDue(tx, userId, clock.now());
    if (expired.length > 0) bus.publish('user.updated', { userId });
    return requirementsOf(tx, userId);
  }

  /**
   * Pending customers cannot upload (issue 15), except when staff made approval wait for
   * verification: then the documents are how a pending customer gets approved.
   */
  function uploadRefusal(user: UserRow, s: ResolvedSettings): AppError | null {
    if (user.role !== 'customer')
      return new AppError('FORBIDDEN', 'Only customers upload verification documents.');
    if (user.status === 'deactivated')
      return new AppError('ACCOUNT_INACTIVE', 'Your account is deactivated.');
    if (user.status === 'pending' && !s.approvalRequiresVerification)
      return new AppError('FORBIDDEN', PENDING_CANNOT_UPLOAD);
    return null;
  }

  async function levelOfUser(tx: DbOrTx, userId: number) {
    const s = await settings(tx);
    const rows = await freshRequirements(tx, userId);
    return { s, level: levelOf(statesOf(rows), s.levels) };
  }

  return {
    settings,

    /** 403 for anyone who may not upload now (pending customers, staff); before the body is read. */
    async assertMayUpload(user: UserRow): Promise<void> {
      const refusal = uploadRefusal(user, await settings());
      if (refusal) throw refusal;
    },

    async overview(user: UserRow): Promise<VerificationOverview> {
      const s = await settings();
      const rows = await freshRequirements(db, user.id);
      const docs = await documentsOf(db, user.id);
      const uploadsAllowed = uploadRefusal(user, s) === null;
      const reqs = presentRequirements(rows, docs, s, uploadsAllowed);
      const { current, next, unlocks } = levelSummary(rows, s);
      return {
        level: current.level,
        level_name: current.name,
        unlocks,
        next_level: next
          ? {
              level: next.level,
              name: next.name,
              unlocks: levelSummary([], { ...s, levels: [next] }).unlocks,
            }
          : null,
        next_step: nextStepOf(current, next, reqs, uploadsAllowed),
        withdrawals: current.withdrawals,
        deposit_limit_usd: current.depositLimitCents === null ? null : current.depositLimitCents / 100,
        can_upload: uploadsAllowed,
        storage: { used: docs.reduce((n, d) => n + d.sizeBytes, 0), cap: VERIFICATION_STORAGE_CAP_BYTES },
        requirements: reqs,
      };
    },

    /** Checks the user, the fields and the bytes, then keeps the file under a name of ours. */
    async upload(user: UserRow, input: UploadInput) {
      const s = await settings();
      const refusal = uploadRefusal(user, s);
      if (refusal) throw refusal;
      if (!TYPES_FOR[input.requirement].includes(input.documentType)) {
        const allowed = TYPES_FOR[input.requirement].join(', ');
        throw validationError({
          document_type: [
            `A ${REQUIREMENT_LABELS[input.requirement].toLowerCase()} must be one of: ${allowed}.`,
          ],
        });
      }
      const side = sideFor(input.documentType, input.side);
      const type = await detectVerificationType(input.bytes, input.fileName);
      if (!type) throw validationError({ file: [VERIFICATION_TYPE_NOT_ALLOWED] });

      const storedName = await storeVerificationFile(deps.dataDir, input.bytes, type.ext);
      let replaced: DocumentRow[] = [];
      try {
        const row = await db.transaction(async (tx) => {
          // One upload of a customer at a time: the storage cap cannot be passed by racing.
          await tx.execute(sql`select id from ${users} where id = ${user.id} for update`);
          const req = await ensureRequirement(tx, user.id, input.requirement);
          const snap = snapshotOf(req, s);
          if (!acceptsUploads(snap)) {
            throw new AppError(
              'CONFLICT',
              snap.state === 'pending'
                ? 'This requirement is being reviewed. You can upload again if it is rejected.'
                : snap.state === 'verified'
                  ? 'This requirement is already verified.'
                  : 'No more submissions are possible for this requirement. Please contact support.',
            );
          }
          // A new front (or back, or selfie) replaces the one not yet submitted.
          if (side !== null || input.requirement === 'selfie') {
            replaced = (await unsubmittedDocuments(tx, user.id, input.requirement)).filter(
              (d) => d.side === side,
            );
            if (replaced.length) {
              await tx.execute(
                sql`delete from verification_documents where id in (${sql.join(
                  replaced.map((d) => sql`${d.id}`),
                  sql`, `,
                )})`,
              );
            }
          }
          const used = await storedBytesOf(tx, user.id);
          if (used + input.bytes.length > VERIFICATION_STORAGE_CAP_BYTES) {
            throw new AppError('PAYLOAD_TOO_LARGE', STORAGE_FULL, { file: [STORAGE_FULL] });
          }
          return insertDocument(tx, {
            id: crypto.randomUUID(),
            userId: user.id,
            requirement: input.requirement,
            documentType: input.documentType,
            side,
            storedName,
            fileName: sanitizeFileName(input.fileName, type.ext),
            mime: type.mime,
            sizeBytes: input.bytes.length,
            isImage: type.isImage,
            createdAt: clock.now(),
          });
        });
        for (const d of replaced) await removeVerificationFile(deps.dataDir, d.storedName);
        return presentDocument(row);
      } catch (e) {
        await removeVerificationFile(deps.dataDir, storedName);
        throw e;
      }
    },

    /** Moves a requirement to review once the files it needs are uploaded. */
    async submit(user: UserRow, kind: RequirementKind) {
      const s = await settings();
      const refusal = uploadRefusal(user, s);
      if (refusal) throw refusal;
      await db.transaction(async (tx) => {
        await expireDue(tx, user.id, clock.now());
        const req = await ensureRequirement(tx, user.id, kind);
        const from = snapshotOf(req, s);
        const next = transition(from, 'submit');
        if (!next.ok) throw new AppError(next.error.code, next.error.message);
        const files = await unsubmittedDocuments(tx, user.id, kind);
        const missing = missingFiles(kind, files);
        if (missing) throw validationError({ files: [missing] });
        const now = clock.now();
        const updated = await casRequirement(tx, req.id, from, {
          state: next.value.state,
          submissions: next.value.submissions,
          submittedAt: now,
          reasonCode: null,
          customerMessage: null,
          staffComment: null,
          expiresAt: null,
          updatedAt: now,
        });
        if (!updated)
          throw new AppError('CONFLICT', 'This requirement changed meanwhile. Reload and try again.');
        await markSubmitted(
          tx,
          files.map((f) => f.id),
          next.value.submissions,
        );
      });
      bus.publish('user.updated', { userId: user.id });
      bus.publish('admin.changed', { scope: 'verification', id: String(user.id) });
      return this.overview(user);
    },

    /**
     * A document for its owner, or for staff holding `verification.documents` (each such download
     * audited). Anyone else: 404, so ids of other customers' files reveal nothing.
     */
    async documentFor(user: UserRow, id: string, actor: AuditActor) {
      const doc = await findDocument(db, id);
      const isStaff = user.role === 'staff';
      if (isStaff && !staffCan(user, 'verification.documents')) {
        throw new AppError(
          'FORBIDDEN',
          'Your staff role does not allow this (it needs verification.documents).',
        );
      }
      if (!doc || (!isStaff && doc.userId !== user.id)) throw new AppError('NOT_FOUND', 'No such document.');
      if (isStaff) {
        await deps.audit.record(db, actor, {
          action: 'verification.document_download',
          objectType: 'verification_document',
          objectId: doc.id,
          after: { customer_id: doc.userId, requirement: doc.requirement, file_name: doc.fileName },
        });
      }
      return { doc, path: verificationFilePath(deps.dataDir, doc.storedName) };
    },

    /** Server-side gate for the money module: throws a 403 in plain words when the level forbids it. */
    async assertCanDeposit(userId: number, amountCents: number, depositedSoFarCents?: number): Promise<void> {
      const { level } = await levelOfUser(db, userId);
      const sofar = depositedSoFarCents ?? (await deps.depositedCents?.(db, userId)) ?? 0;
      const r = canDeposit(level, amountCents, sofar);
      if (!r.ok) throw new AppError(r.error.code, r.error.message);
    },

    async assertCanWithdraw(userId: number): Promise<void> {
      const { s, level } = await levelOfUser(db, userId);
      const r = canWithdraw(level, s.levels);
      if (!r.ok) throw new AppError(r.error.code, r.error.message);
    },

    /** The customer's level (for other modules: the profile, the client card). */
    async levelOf(userId: number) {
      return (await levelOfUser(db, userId)).level;
    },

    /**
     * Why staff may not approve this pending customer yet (null: they may). When approval waits
     * for verification, level 1 is needed first; the clients module calls this before approving.
     */
    async approvalBlocker(userId: number): Promise<string | null> {
      const { s, level } = await levelOfUser(db, userId);
      if (!s.approvalRequiresVerification || level.level >= 1) return null;
      return 'This customer has not completed verification yet (level 1 is needed before approval).';
    },

    async readSettings(): Promise<VerificationSettings> {
      return presentSettings(await settings());
    },

    async updateSettings(actor: AuditActor, input: VerificationSettings): Promise<VerificationSettings> {
      const parsed = verificationSettingsSchema.parse(input);
      const after = await db.transaction(async (tx) => {
        const before = presentSettings(await settings(tx));
        await writeSettings(
          tx,
          {
            approvalRequiresVerification: parsed.approval_requires_verification,
            fourEyes: parsed.four_eyes,
            maxSubmissions: parsed.max_submissions,
            levels: parsed.levels.map((l) => ({
              level: l.level,
              name: l.name,
              requires: [...new Set(l.requires)],
              depositLimitCents: l.deposit_limit_usd === null ? null : Math.round(l.deposit_limit_usd * 100),
              withdrawals: l.withdrawals,
            })),
          },
          clock.now(),
        );
        const now = presentSettings(await settings(tx));
        await deps.audit.record(tx, actor, {
          action: 'verification.settings_update',
          objectType: 'verification_settings',
          objectId: 1,
          before,
          after: now,
        });
        return now;
      });
      bus.publish('admin.changed', { scope: 'verification' });
      return after;
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;

function presentSettings(s: ResolvedSettings): VerificationSettings {
  return {
    approval_requires_verification: s.approvalRequiresVerification,
    four_eyes: s.fourEyes,
    max_submissions: s.maxSubmissions,
    levels: [...s.levels]
      .sort((a, b) => a.level - b.level)
      .map((l) => ({
        level: l.level,
        name: l.name,
        requires: l.requires,
        deposit_limit_usd: l.depositLimitCents === null ? null : l.depositLimitCents / 100,
        withdrawals: l.withdrawals,
      })),
  };
}

/** The side a file is stored under: two-sided documents need one; a passport page is its front. */
function sideFor(type: DocumentType, side: DocumentSide | null): DocumentSide | null {
  if (TWO_SIDED.includes(type)) {
    if (!side) throw validationError({ side: ['Say which side of the document this is: front or back.'] });
    return side;
  }
  return type === 'passport' ? 'front' : null;
}

/** What is still missing before a submit, in words; null when the files are complete. */
function missingFiles(kind: RequirementKind, files: DocumentRow[]): string | null {
  if (kind !== 'identity_document') {
    return files.length > 0
      ? null
      : `Upload your ${REQUIREMENT_LABELS[kind].toLowerCase()} before submitting.`;
  }
  const front = files.filter((f) => f.side === 'front').at(-1);
  if (!front) return 'Upload the front of your identity document before submitting.';
  const type = front.documentType as DocumentType;
  if (TWO_SIDED.includes(type) && !files.some((f) => f.side === 'back' && f.documentType === type)) {
    return `Upload the back of your ${type === 'id_card' ? 'ID card' : 'driving licence'} before submitting.`;
  }
  return null;
}
