import { describe, expect, it } from 'vitest';
import {
  canDeposit,
  canWithdraw,
  formatUsdCents,
  DEFAULT_VERIFICATION_LEVELS as LEVELS,
  levelOf,
  nextLevel,
  unlocksOf,
} from './levels.ts';

const [L0, L1, L2] = LEVELS as [(typeof LEVELS)[0], (typeof LEVELS)[0], (typeof LEVELS)[0]];

describe('levelOf', () => {
  it('is level 0 after sign-up', () => {
    expect(levelOf({}, LEVELS)).toBe(L0);
  });
  it('is level 1 with identity verified and level 2 with address too', () => {
    expect(levelOf({ identity_document: 'verified' }, LEVELS)).toBe(L1);
    expect(levelOf({ identity_document: 'verified', proof_of_address: 'verified' }, LEVELS)).toBe(L2);
  });
  it('does not count pending, rejected or expired requirements', () => {
    for (const s of ['pending', 'rejected', 'rejected_final', 'expired', 'not_submitted'] as const) {
      expect(levelOf({ identity_document: s, proof_of_address: 'verified' }, LEVELS)).toBe(L0);
    }
  });
  it('stops at a gap: a level is reached only through the ones below', () => {
    const custom = [
      { ...L0 },
      { ...L1, requires: ['selfie' as const] },
      { ...L2, requires: ['proof_of_address' as const] },
    ];
    expect(levelOf({ proof_of_address: 'verified' }, custom).level).toBe(0);
  });
  it('knows the next level', () => {
    expect(nextLevel(L0, LEVELS)).toBe(L1);
    expect(nextLevel(L2, LEVELS)).toBeNull();
  });
});

describe('canDeposit', () => {
  it('allows up to the total limit and refuses beyond it with the room left', () => {
    expect(canDeposit(L0, 2_000_00, 0).ok).toBe(true);
    expect(canDeposit(L0, 500_00, 1_500_00).ok).toBe(true);
    const over = canDeposit(L0, 500_01, 1_500_00);
    expect(over).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message:
          'Your verification level allows deposits up to USD 2,000 in total; you can deposit up to USD 500 more. Complete verification to deposit more.',
      },
    });
    const full = canDeposit(L0, 1, 2_000_00);
    expect(!full.ok && full.error.message).toMatch(/you have reached it/);
  });
  it('has a higher limit at level 1 and none at level 2', () => {
    expect(canDeposit(L1, 50_000_00, 0).ok).toBe(true);
    expect(canDeposit(L1, 50_000_01, 0).ok).toBe(false);
    expect(canDeposit(L2, 10 ** 12, 10 ** 12).ok).toBe(true);
  });
  it('refuses a zero or negative amount', () => {
    expect(canDeposit(L2, 0, 0)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(canDeposit(L2, -5, 0).ok).toBe(false);
  });
});

describe('canWithdraw', () => {
  it('only from level 2 by default, saying what to verify', () => {
    expect(canWithdraw(L2).ok).toBe(true);
    const r = canWithdraw(L1, LEVELS);
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message:
          'Withdrawals need a verified identity document and proof of address. Complete verification on the Verification page first.',
      },
    });
    expect(canWithdraw(L0).ok).toBe(false);
  });
});

describe('unlocksOf', () => {
  it('says what each level allows', () => {
    expect(unlocksOf(L0)).toEqual(['Trading', 'Deposits up to USD 2,000 in total', 'No withdrawals yet']);
    expect(unlocksOf(L2)).toEqual(['Trading', 'Deposits without a limit', 'Withdrawals']);
    expect(formatUsdCents(1234_56)).toBe('USD 1,234.56');
  });
});
