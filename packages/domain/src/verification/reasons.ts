/** Why staff reject a verification document, coded for reports, with words the customer reads. */
export const VERIFICATION_REJECTION_CODES = [
  'document_unreadable',
  'document_expired',
  'name_mismatch',
  'address_mismatch',
  'not_accepted_type',
  'suspected_forgery',
  'other',
] as const;
export type VerificationRejectionCode = (typeof VERIFICATION_REJECTION_CODES)[number];

/** Staff see the label in the reject dialog. */
export const VERIFICATION_REJECTION_LABELS: Readonly<Record<VerificationRejectionCode, string>> = {
  document_unreadable: 'Document unreadable',
  document_expired: 'Document expired',
  name_mismatch: 'Name does not match',
  address_mismatch: 'Address does not match',
  not_accepted_type: 'Document type not accepted',
  suspected_forgery: 'Suspected forgery',
  other: 'Other',
};

/** What the customer reads, in plain words, before any staff message. Forgery is never named to them. */
export const VERIFICATION_REJECTION_TEXTS: Readonly<Record<VerificationRejectionCode, string>> = {
  document_unreadable:
    'We could not read your document. Please upload a sharp, well-lit photo or scan showing all four corners.',
  document_expired: 'Your document has expired. Please upload one that is still valid.',
  name_mismatch: 'The name on your document does not match the name on your account.',
  address_mismatch: 'The address on your document does not match the address on your account.',
  not_accepted_type: 'We cannot accept this type of document. Please upload one of the accepted documents.',
  suspected_forgery: 'We could not accept this document. Please contact support.',
  other: 'We could not accept this document.',
};
