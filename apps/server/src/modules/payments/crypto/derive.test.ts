import { describe, expect, it } from 'vitest';
import {
  bitcoinAddress,
  checkExtendedPublicKey,
  ethereumAddress,
  TEST_BTC_XPUB,
  TEST_ETH_XPUB,
  toChecksumAddress,
} from './derive.ts';

describe('deposit address derivation from extended public keys', () => {
  it('derives the BIP84 test vector receive addresses', () => {
    // BIP84: m/84'/0'/0'/0/0, /0/1 of "abandon … about".
    expect(bitcoinAddress(TEST_BTC_XPUB, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(bitcoinAddress(TEST_BTC_XPUB, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('derives the known Ethereum address of the test mnemonic, with its EIP-55 checksum', () => {
    expect(ethereumAddress(TEST_ETH_XPUB, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(ethereumAddress(TEST_ETH_XPUB, 1)).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('applies EIP-55 as the EIP test vectors do', () => {
    expect(toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(toChecksumAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe(
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    );
  });

  it('refuses private and malformed keys', () => {
    expect(checkExtendedPublicKey(TEST_BTC_XPUB)).toBeNull();
    expect(checkExtendedPublicKey('xpub-not-a-key')).not.toBeNull();
    expect(
      checkExtendedPublicKey(
        'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
      ),
    ).not.toBeNull();
  });
});
