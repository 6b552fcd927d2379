/**
 * The reference a customer quotes on a bank wire (issue 14): unique to their trading account, with
 * two check digits (ISO 7064 MOD 97-10, as in IBANs), so a mistyped reference is told apart from
 * another customer's when staff match a transfer to a deposit.
 */
export function wireReference(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, '');
  return `OB-${digits}-${checkDigits(digits)}`;
}

/** The account number a well-formed reference names; null when it is malformed or fails its check. */
export function accountNumberOfWireReference(reference: string): string | null {
  const m = /^OB-?(\d{1,20})-?(\d{2})$/i.exec(reference.replace(/\s+/g, ''));
  if (!m?.[1] || !m[2]) return null;
  return checkDigits(m[1]) === m[2] ? m[1] : null;
}

function checkDigits(digits: string): string {
  let rest = 0;
  for (const ch of `${digits}00`) rest = (rest * 10 + Number(ch)) % 97;
  return String(98 - rest).padStart(2, '0');
}
