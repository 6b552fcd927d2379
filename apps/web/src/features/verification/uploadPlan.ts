import {
  type DocumentSide,
  type DocumentType,
  type RequirementKind,
  VERIFICATION_UPLOAD_MAX_BYTES,
  type VerificationDocument,
} from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';

/** The document types a customer may choose for each requirement (the server checks the same). */
export const TYPES_FOR: Readonly<Record<RequirementKind, readonly DocumentType[]>> = {
  identity_document: ['passport', 'id_card', 'driving_licence'],
  proof_of_address: ['utility_bill', 'bank_statement', 'other'],
  selfie: ['selfie'],
  source_of_funds: ['bank_statement', 'other'],
};

/** What the requirement asks of the customer, in plain words (in the reader's language). */
export const hintFor = (kind: RequirementKind): string => i18n.t(`account:verification.hints.${kind}`);

/** A document type's name in the reader's language. */
export const documentTypeLabel = (type: DocumentType): string => i18n.t(`account:verification.types.${type}`);

export interface Slot {
  side: DocumentSide | null;
  label: string;
}

/** The file slots to fill for a requirement and document type: front and back for two-sided IDs. */
export function slotsFor(kind: RequirementKind, type: DocumentType): Slot[] {
  if (kind === 'identity_document') {
    if (type === 'passport')
      return [{ side: 'front', label: i18n.t('account:verification.slots.photoPage') }];
    return [
      { side: 'front', label: i18n.t('account:verification.slots.front') },
      { side: 'back', label: i18n.t('account:verification.slots.back') },
    ];
  }
  if (kind === 'selfie') return [{ side: null, label: i18n.t('account:verification.slots.selfie') }];
  return [{ side: null, label: documentTypeLabel(type) }];
}

/** The not yet submitted file that fills a slot (the latest one), if any. */
export function fileInSlot(
  docs: readonly VerificationDocument[],
  type: DocumentType,
  slot: Slot,
): VerificationDocument | undefined {
  return docs
    .filter((d) => !d.submitted && d.side === slot.side && (slot.side === null || d.document_type === type))
    .at(-1);
}

/** Whether every slot has a file: then Submit is offered. */
export function readyToSubmit(
  kind: RequirementKind,
  type: DocumentType,
  docs: readonly VerificationDocument[],
) {
  return slotsFor(kind, type).every((s) => fileInSlot(docs, type, s) !== undefined);
}

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
export const ACCEPT_ATTR = ACCEPTED.join(',');

/** A quick check before sending (the server decides from the bytes); null when the file may go. */
export function fileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size === 0) return i18n.t('account:verification.problems.empty');
  if (file.size > VERIFICATION_UPLOAD_MAX_BYTES) return i18n.t('account:verification.problems.tooLarge');
  if (file.type && !ACCEPTED.includes(file.type)) return i18n.t('account:verification.problems.type');
  return null;
}

/** The document type to preselect: the one already uploaded, else the first allowed. */
export function initialType(kind: RequirementKind, docs: readonly VerificationDocument[]): DocumentType {
  const pending = docs.filter((d) => !d.submitted).at(-1);
  return pending?.document_type ?? TYPES_FOR[kind][0] ?? 'other';
}
