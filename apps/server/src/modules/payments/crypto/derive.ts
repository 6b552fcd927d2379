import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58check, bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';

/**
 * Deposit addresses from the broker's extended PUBLIC keys (issue 14): the broker's own wallet
 * holds the private keys and so the funds; this server can derive addresses but never spend.
 * BTC: BIP84 account key (m/84'/0'/0', as xpub or zpub), receive addresses m/…/0/i, P2WPKH bech32.
 * Ethereum and ERC-20 tokens: BIP44 account key (m/44'/60'/0'), addresses m/…/0/i, EIP-55.
 */

/**
 * Public test keys of the BIP39 test mnemonic "abandon abandon … about" (its BIP84 test vector
 * zpub, and the xpub of m/44'/60'/0'). Anyone can derive the private keys: used only when no key is
 * configured, and every method on them is marked sandbox.
 */
export const TEST_BTC_XPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
export const TEST_ETH_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';

/** SLIP-132 public version bytes, and whether they are mainnet. */
const PUBLIC_VERSIONS: Readonly<Record<number, { mainnet: boolean }>> = {
  76067358: { mainnet: true }, // xpub
  78792518: { mainnet: true }, // zpub
  70617039: { mainnet: false }, // tpub
  73342198: { mainnet: false }, // vpub
};

const b58 = base58check(sha256);

function accountKey(extended: string): { key: HDKey; mainnet: boolean } {
  const raw = b58.decode(extended.trim());
  if (raw.length !== 78) throw new Error('not an extended key');
  const version = ((raw[0] ?? 0) << 24) | ((raw[1] ?? 0) << 16) | ((raw[2] ?? 0) << 8) | (raw[3] ?? 0);
  const known = PUBLIC_VERSIONS[version >>> 0];
  if (!known) throw new Error('not an extended public key (xpub, zpub, tpub or vpub)');
  // bip32 checks the version against the ones it is given; the private one is never used.
  const key = HDKey.fromExtendedKey(extended.trim(), { public: version >>> 0, private: 0 });
  if (key.privateKey) throw new Error('an extended private key was given; configure the public one');
  return { key, mainnet: known.mainnet };
}

function receiveKey(extended: string, index: number): { publicKey: Uint8Array; mainnet: boolean } {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`bad index ${index}`);
  const { key, mainnet } = accountKey(extended);
  const child = key.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('derivation gave no public key');
  return { publicKey: child.publicKey, mainnet };
}

/** BIP84 receive address `index` (P2WPKH, bech32: bc1q… on mainnet, tb1q… on testnet). */
export function bitcoinAddress(extended: string, index: number): string {
  const { publicKey, mainnet } = receiveKey(extended, index);
  const program = ripemd160(sha256(publicKey));
  return bech32.encode(mainnet ? 'bc' : 'tb', [0, ...bech32.toWords(program)]);
}

/** EIP-55 mixed-case checksum of a 20-byte hex address. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const ch = lower[i] ?? '';
    out += Number.parseInt(hash[i] ?? '0', 16) >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

/** BIP44 Ethereum receive address `index`: the last 20 bytes of keccak-256 of the uncompressed key. */
export function ethereumAddress(extended: string, index: number): string {
  const { publicKey } = receiveKey(extended, index);
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const digest = keccak_256(uncompressed.subarray(1));
  return toChecksumAddress(bytesToHex(digest.subarray(12)));
}

/** Whether an extended key parses as a public account key (for a clear start-up message). */
export function checkExtendedPublicKey(extended: string): string | null {
  try {
    accountKey(extended);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

export type Chain = 'bitcoin' | 'ethereum';

/** The path recorded with a wallet, for the broker's wallet software to find the key. */
export function derivationPath(chain: Chain, index: number): string {
  return chain === 'bitcoin' ? `m/84'/0'/0'/0/${index}` : `m/44'/60'/0'/0/${index}`;
}

export function deriveAddress(chain: Chain, extended: string, index: number): string {
  return chain === 'bitcoin' ? bitcoinAddress(extended, index) : ethereumAddress(extended, index);
}
