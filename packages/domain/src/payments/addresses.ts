import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58check, bech32, bech32m } from '@scure/base';
import { err, ok, type Result } from '../errors.ts';

// Where a withdrawal may be paid (issue 14): a crypto address checked per chain with its checksum,
// and a bank account in the customer's own name with a valid IBAN. A typo must be refused before
// money is held, since a payout to a wrong address cannot be called back.

const invalid = (message: string) => err({ code: 'VALIDATION_FAILED' as const, message });

const BASE58_P2PKH = 0x00;
const BASE58_P2SH = 0x05;
const b58check = base58check(sha256);

/** A bech32/bech32m segwit address (BIP173, BIP350): v0 uses bech32, v1+ bech32m. */
function checkSegwit(address: string): Result<string> {
  if (address !== address.toLowerCase() && address !== address.toUpperCase())
    return invalid('A Bitcoin address cannot mix upper and lower case letters.');
  const lower = address.toLowerCase();
  const hrp = lower.slice(0, lower.lastIndexOf('1'));
  if (hrp === 'tb' || hrp === 'bcrt') return invalid('This is a test network address, not a Bitcoin one.');
  if (hrp !== 'bc') return invalid('This is not a Bitcoin address.');
  const v0 = bech32.decodeUnsafe(lower, 90) || undefined;
  const v1plus = v0 ? undefined : bech32m.decodeUnsafe(lower, 90) || undefined;
  const decoded = v0 ?? v1plus;
  if (!decoded || decoded.words.length === 0)
    return invalid('This Bitcoin address is mistyped (its checksum does not match).');
  const [version = -1, ...rest] = decoded.words;
  if (version > 16) return invalid('This Bitcoin address is not valid.');
  // BIP350: version 0 must be bech32 and later versions bech32m, so a checksum of the wrong kind fails.
  if ((version === 0) !== (v0 !== undefined))
    return invalid('This Bitcoin address is mistyped (its checksum does not match).');
  let program: Uint8Array;
  try {
    program = bech32.fromWords(rest);
  } catch {
    return invalid('This Bitcoin address is not valid.');
  }
  if (version === 0 && program.length !== 20 && program.length !== 32)
    return invalid('This Bitcoin address is not valid.');
  if (version === 1 && program.length !== 32) return invalid('This Bitcoin address is not valid.');
  if (program.length < 2 || program.length > 40) return invalid('This Bitcoin address is not valid.');
  return ok(lower);
}

/** A legacy base58check address: P2PKH (1…) or P2SH (3…) on mainnet. */
function checkBase58(address: string): Result<string> {
  let bytes: Uint8Array;
  try {
    bytes = b58check.decode(address);
  } catch {
    return invalid('This Bitcoin address is mistyped (its checksum does not match).');
  }
  if (bytes.length !== 21) return invalid('This Bitcoin address is not valid.');
  if (bytes[0] !== BASE58_P2PKH && bytes[0] !== BASE58_P2SH)
    return invalid('This is not a Bitcoin mainnet address.');
  return ok(address);
}

/** A Bitcoin mainnet address: bech32 (bc1q…), bech32m (bc1p…), P2PKH (1…) or P2SH (3…). */
export function checkBitcoinAddress(address: string): Result<string> {
  const a = address.trim();
  if (/^(bc|tb|bcrt)1/i.test(a)) return checkSegwit(a);
  if (/^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(a)) return checkBase58(a);
  return invalid('This is not a Bitcoin address.');
}

/** The EIP-55 checksummed form of a 40-hex-digit Ethereum address. */
export function toChecksumAddress(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const c = hex.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/**
 * An Ethereum address: 0x and 40 hex digits. All lower or all upper case carries no checksum;
 * mixed case must match EIP-55, which catches almost every typo. Answers the checksummed form.
 */
export function checkEthereumAddress(address: string): Result<string> {
  const a = address.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(a)) return invalid('An Ethereum address is 0x followed by 40 hex digits.');
  const body = a.slice(2);
  const checksummed = toChecksumAddress(a);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && checksummed !== a)
    return invalid('This Ethereum address is mistyped (its checksum does not match).');
  return ok(checksummed);
}

/** A withdrawal address on a chain (`CryptoNetwork.chain`), normalised when valid. */
export function checkCryptoAddress(chain: 'bitcoin' | 'ethereum', address: string): Result<string> {
  return chain === 'bitcoin' ? checkBitcoinAddress(address) : checkEthereumAddress(address);
}

/**
 * An IBAN (ISO 13616): country code, two check digits, up to 30 letters and digits; spaces are
 * ignored and the mod-97 check must give 1. Answers the compact upper-case form.
 */
export function checkIban(iban: string): Result<string> {
  const compact = iban.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return invalid('Enter a valid IBAN.');
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  if (remainder !== 1) return invalid('This IBAN is mistyped (its check digits do not match).');
  return ok(compact);
}

/** A name compared without case, accents, punctuation or extra spaces ("José  O'Neil" = "jose oneil"). */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a bank account holder is the customer (first and last name, in either order). */
export function holderMatches(holder: string, firstName: string, lastName: string): boolean {
  const h = normalizeName(holder);
  const first = normalizeName(firstName);
  const last = normalizeName(lastName);
  if (h === '' || (first === '' && last === '')) return false;
  return h === normalizeName(`${first} ${last}`) || h === normalizeName(`${last} ${first}`);
}
