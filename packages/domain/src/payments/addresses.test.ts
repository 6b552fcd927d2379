import { describe, expect, it } from 'vitest';
import {
  checkBitcoinAddress,
  checkCryptoAddress,
  checkEthereumAddress,
  checkIban,
  holderMatches,
  toChecksumAddress,
} from './addresses.ts';

const valid = (r: { ok: boolean }) => r.ok;
const message = (r: { ok: true } | { ok: false; error: { message: string } }) =>
  r.ok ? undefined : r.error.message;

describe('Bitcoin addresses', () => {
  it.each([
    // BIP173 / BIP350 mainnet vectors and well-known legacy addresses.
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ])('accepts %s', (a) => {
    expect(valid(checkBitcoinAddress(a))).toBe(true);
  });

  it('normalises bech32 to lower case', () => {
    const r = checkBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4');
    expect(r.ok && r.value).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  });

  it.each([
    ['one character changed', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'checksum'],
    ['v0 with a bech32m checksum (BIP350)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'checksum'],
    ['mixed case', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mix'],
    ['testnet', 'tb1qw508d6qejxtdg4c5r3zarvary0c5xw7kxpjzsx', 'test network'],
    ['legacy with a typo', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'checksum'],
    ['not an address', 'hello world this is not it', 'not a Bitcoin'],
    ['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'not a Bitcoin'],
  ])('refuses %s', (_, a, words) => {
    const r = checkBitcoinAddress(a);
    expect(r.ok).toBe(false);
    expect(message(r)).toContain(words);
  });
});

describe('Ethereum addresses', () => {
  const eip55 = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(eip55)('accepts the EIP-55 vector %s and computes its checksum', (a) => {
    expect(valid(checkEthereumAddress(a))).toBe(true);
    expect(toChecksumAddress(a.toLowerCase())).toBe(a);
  });

  it('accepts all-lower and all-upper case (no checksum) and answers the checksummed form', () => {
    const a = eip55[0] ?? '';
    const lower = checkEthereumAddress(a.toLowerCase());
    expect(lower.ok && lower.value).toBe(a);
    expect(valid(checkEthereumAddress(`0x${a.slice(2).toUpperCase()}`))).toBe(true);
  });

  it('refuses mixed case that breaks the checksum, and malformed addresses', () => {
    const bad = checkEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    expect(message(bad)).toContain('checksum');
    expect(valid(checkEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA'))).toBe(false);
    expect(valid(checkEthereumAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00'))).toBe(false);
  });

  it('checks by chain', () => {
    expect(valid(checkCryptoAddress('ethereum', eip55[1] ?? ''))).toBe(true);
    expect(valid(checkCryptoAddress('bitcoin', eip55[1] ?? ''))).toBe(false);
  });
});

describe('IBAN', () => {
  it('accepts valid IBANs with or without spaces, compacted', () => {
    const r = checkIban('GB82 WEST 1234 5698 7654 32');
    expect(r.ok && r.value).toBe('GB82WEST12345698765432');
    expect(valid(checkIban('DE89370400440532013000'))).toBe(true);
    expect(valid(checkIban('fr14 2004 1010 0505 0001 3m02 606'))).toBe(true);
  });

  it('refuses a typo (mod-97) and malformed input', () => {
    expect(message(checkIban('GB82 WEST 1234 5698 7654 33'))).toContain('check digits');
    expect(valid(checkIban('DE89370400440532013001'))).toBe(false);
    expect(valid(checkIban('1234567890123456'))).toBe(false);
  });
});

describe('account holder', () => {
  it('matches the customer’s name without case, accents or extra spaces, in either order', () => {
    expect(holderMatches('JOSÉ  García', 'Jose', 'garcia')).toBe(true);
    expect(holderMatches('García José', 'José', 'García')).toBe(true);
    expect(holderMatches("Seán O'Neil", 'Sean', 'ONeil')).toBe(true);
  });

  it('refuses another name', () => {
    expect(holderMatches('Jane Doe', 'John', 'Doe')).toBe(false);
    expect(holderMatches('John', 'John', 'Doe')).toBe(false);
    expect(holderMatches('', '', '')).toBe(false);
  });
});
