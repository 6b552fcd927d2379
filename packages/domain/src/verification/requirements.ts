import { err, ok, type Result } from '../errors.ts';

/** What a customer proves (issue 15): each has its own state and submissions left. */
export const REQUIREMENT_KINDS = [
  'identity_document',
  'proof_of_address',
  'selfie',
  'source_of_funds',
] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

export const REQUIREMENT_STATES = [
  'not_submitted',
  'pending',
  'verified',
  'rejected',
  'rejected_final',
  'expired',
] as const;
export type RequirementState = (typeof REQUIREMENT_STATES)[number];

/** What can happen to a requirement: the customer submits, staff (or a provider) decide, time passes. */
export const REQUIREMENT_EVENTS = ['submit', 'approve', 'reject', 'reject_final', 'expire'] as const;
export type RequirementEvent = (typeof REQUIREMENT_EVENTS)[number];

/** Submissions a customer gets per requirement unless staff configure another number. */
export const DEFAULT_MAX_SUBMISSIONS = 3;

/**
 * The transition table: from a state, an event leads to the state named, and nowhere else.
 * A rejected requirement may be resubmitted while submissions are left (checked by `transition`);
 * an expired one starts again like a new one; a final rejection ends it (staff may still approve
 * nothing: only a new requirement row would reopen it).
 */
export const REQUIREMENT_TRANSITIONS: Readonly<
  Record<RequirementState, Partial<Record<RequirementEvent, RequirementState>>>
> = {
  not_submitted: { submit: 'pending' },
  pending: { approve: 'verified', reject: 'rejected', reject_final: 'rejected_final' },
  verified: { expire: 'expired' },
  rejected: { submit: 'pending' },
  rejected_final: {},
  expired: { submit: 'pending' },
};

export interface RequirementSnapshot {
  state: RequirementState;
  /** Submissions made so far (each `submit` counts one). */
  submissions: number;
  maxSubmissions: number;
}

const STATE_WORDS: Readonly<Record<RequirementState, string>> = {
  not_submitted: 'not submitted yet',
  pending: 'being reviewed',
  verified: 'verified',
  rejected: 'rejected',
  rejected_final: 'rejected for good',
  expired: 'expired',
};

/** Submissions the customer still has (never below 0). */
export function submissionsLeft(r: Pick<RequirementSnapshot, 'submissions' | 'maxSubmissions'>): number {
  return Math.max(0, r.maxSubmissions - r.submissions);
}

/**
 * The state after `event`, or why not (a 409 CONFLICT, SPEC-style words). A submit also needs a
 * submission left: the last rejection with none left is as final as `reject_final`.
 */
export function transition(
  current: RequirementSnapshot,
  event: RequirementEvent,
): Result<RequirementSnapshot> {
  const next = REQUIREMENT_TRANSITIONS[current.state][event];
  if (!next) {
    return err({
      code: 'CONFLICT',
      message: `This requirement is ${STATE_WORDS[current.state]}, so it cannot be ${EVENT_WORDS[event]}.`,
    });
  }
  if (event === 'submit') {
    if (submissionsLeft(current) === 0) {
      return err({
        code: 'CONFLICT',
        message: 'No submissions are left for this requirement. Please contact support.',
      });
    }
    return ok({ ...current, state: next, submissions: current.submissions + 1 });
  }
  return ok({ ...current, state: next });
}

const EVENT_WORDS: Readonly<Record<RequirementEvent, string>> = {
  submit: 'submitted',
  approve: 'approved',
  reject: 'rejected',
  reject_final: 'rejected',
  expire: 'expired',
};

/** Whether the customer may upload files for it now (before a submit, or to retry). */
export function acceptsUploads(r: RequirementSnapshot): boolean {
  if (r.state === 'not_submitted' || r.state === 'expired') return true;
  return r.state === 'rejected' && submissionsLeft(r) > 0;
}

/** An expired verification is one whose expiry date has passed; expiry is read lazily. */
export function isExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
