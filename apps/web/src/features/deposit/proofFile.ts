import { i18n } from '@/i18n/i18n';
/** The transfer confirmation: a PDF or an image of at most 10 MB (the server checks the bytes too). */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp';

const TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);
const EXTENSIONS = /\.(pdf|jpe?g|png|webp)$/i;

/** Why a file cannot be sent, in the customer's words, or null when it may be. */
export function proofFileError(file: File): string | null {
  if (file.size === 0) return i18n.t('money:deposit.proof.empty');
  if (file.size > PROOF_MAX_BYTES) return i18n.t('money:deposit.proof.tooLarge');
  // Some systems give no type for a PDF: the name decides then.
  if (!(TYPES.has(file.type) || (file.type === '' && EXTENSIONS.test(file.name)))) {
    return i18n.t('money:deposit.proof.wrongType');
  }
  return null;
}
