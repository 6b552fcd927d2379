import { err, ok, type Result } from '../errors.ts';
import type { RequirementKind, RequirementState } from './requirements.ts';

/**
 * A verification level (issue 15): what it requires verified and what it unlocks. Limits are in
 * USD cents so a gate never rounds; null means no limit.
 */
export interface VerificationLevel {
  level: number;
  name: string;
  requires: RequirementKind[];
  /** Total deposits allowed at this level, in USD cents; null: no limit. */
  depositLimitCents: number | null;
  withdrawals: boolean;
}

/** The defaults staff start from: trade and deposit a little, then more, then withdraw. */
export const DEFAULT_VERIFICATION_LEVELS: readonly VerificationLevel[] = [
  { level: 0, name: 'Registered', requires: [], depositLimitCents: 2_000_00, withdrawals: false },
  {
    level: 1,
    name: 'Identity verified',
    requires: ['identity_document'],
    depositLimitCents: 50_000_00,
    withdrawals: false,
  },
  {
    level: 2,
    name: 'Fully verified',
    requires: ['identity_document', 'proof_of_address'],
    depositLimitCents: null,
    withdrawals: true,
  },
];

export const REQUIREMENT_LABELS: Readonly<Record<RequirementKind, string>> = {
  identity_document: 'Identity document',
  proof_of_address: 'Proof of address',
  selfie: 'Selfie',
  source_of_funds: 'Source of funds',
};

export type RequirementStates = Partial<Record<RequirementKind, RequirementState>>;

/**
 * The highest level whose requirements are all verified, climbing from level 0: a level is
 * reached only when every level below it is, so a gap (level 2 met, level 1 not) stops the climb.
 */
export function levelOf(states: RequirementStates, levels: readonly VerificationLevel[]): VerificationLevel {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  const first = sorted[0];
  if (!first) throw new Error('no verification levels configured');
  let reached = first;
  for (const l of sorted) {
    if (!l.requires.every((k) => states[k] === 'verified')) break;
    reached = l;
  }
  return reached;
}

/** The level after `current`, or null at the top. */
export function nextLevel(
  current: VerificationLevel,
  levels: readonly VerificationLevel[],
): VerificationLevel | null {
  return [...levels].sort((a, b) => a.level - b.level).find((l) => l.level > current.level) ?? null;
}

/** "USD 2,000" / "USD 2,000.50" from cents. */
export function formatUsdCents(cents: number): string {
  const whole = cents % 100 === 0;
  return `USD ${(cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** What a level lets the customer do, in plain words for the verification page. */
export function unlocksOf(level: VerificationLevel): string[] {
  return [
    'Trading',
    level.depositLimitCents === null
      ? 'Deposits without a limit'
      : `Deposits up to ${formatUsdCents(level.depositLimitCents)} in total`,
    level.withdrawals ? 'Withdrawals' : 'No withdrawals yet',
  ];
}

/** The first level (lowest) that allows withdrawals, for the refusal message. */
function firstWithdrawalLevel(levels: readonly VerificationLevel[]): VerificationLevel | undefined {
  return [...levels].sort((a, b) => a.level - b.level).find((l) => l.withdrawals);
}

/**
 * Whether a deposit of `amountCents` fits the level's limit given what was deposited before.
 * Refusals are 403s in words the customer can act on.
 */
export function canDeposit(
  level: VerificationLevel,
  amountCents: number,
  depositedSoFarCents: number,
): Result<true> {
  if (!Number.isFinite(amountCents) || amountCents <= 0) {
    return err({ code: 'VALIDATION_FAILED', message: 'The amount must be greater than 0.' });
  }
  if (level.depositLimitCents === null) return ok(true);
  const room = Math.max(0, level.depositLimitCents - Math.max(0, depositedSoFarCents));
  if (amountCents <= room) return ok(true);
  return err({
    code: 'FORBIDDEN',
    message:
      room === 0
        ? `Your verification level allows deposits up to ${formatUsdCents(level.depositLimitCents)} in total, and you have reached it. Complete verification to deposit more.`
        : `Your verification level allows deposits up to ${formatUsdCents(level.depositLimitCents)} in total; you can deposit up to ${formatUsdCents(room)} more. Complete verification to deposit more.`,
  });
}

/** Whether the level allows withdrawals; the refusal names what to verify. */
export function canWithdraw(level: VerificationLevel, levels?: readonly VerificationLevel[]): Result<true> {
  if (level.withdrawals) return ok(true);
  const needed = levels ? firstWithdrawalLevel(levels) : undefined;
  const what = needed
    ? needed.requires.map((k) => REQUIREMENT_LABELS[k].toLowerCase()).join(' and ')
    : 'your identity and address';
  return err({
    code: 'FORBIDDEN',
    message: `Withdrawals need a verified ${what}. Complete verification on the Verification page first.`,
  });
}
