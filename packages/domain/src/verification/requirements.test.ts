import { describe, expect, it } from 'vitest';
import {
  acceptsUploads,
  isExpired,
  REQUIREMENT_EVENTS,
  REQUIREMENT_STATES,
  REQUIREMENT_TRANSITIONS,
  type RequirementEvent,
  type RequirementState,
  submissionsLeft,
  transition,
} from './requirements.ts';

const ALLOWED: Array<[RequirementState, RequirementEvent, RequirementState]> = [
  ['not_submitted', 'submit', 'pending'],
  ['pending', 'approve', 'verified'],
  ['pending', 'reject', 'rejected'],
  ['pending', 'reject_final', 'rejected_final'],
  ['verified', 'expire', 'expired'],
  ['rejected', 'submit', 'pending'],
  ['expired', 'submit', 'pending'],
];

const snap = (state: RequirementState, submissions = 1, maxSubmissions = 3) => ({
  state,
  submissions,
  maxSubmissions,
});

describe('requirement state machine', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, event, to) => {
    const r = transition(snap(from), event);
    expect(r).toEqual({ ok: true, value: expect.objectContaining({ state: to }) });
  });

  const refused = REQUIREMENT_STATES.flatMap((s) =>
    REQUIREMENT_EVENTS.filter((e) => !ALLOWED.some(([f, ev]) => f === s && ev === e)).map(
      (e) => [s, e] as const,
    ),
  );
  it.each(refused)('refuses %s --%s-->', (from, event) => {
    const r = transition(snap(from), event);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('CONFLICT');
      expect(r.error.message).toMatch(/^This requirement is .+, so it cannot be .+\.$/);
    }
  });

  it('has exactly the allowed transitions in its table', () => {
    const table = Object.entries(REQUIREMENT_TRANSITIONS).flatMap(([from, evs]) =>
      Object.entries(evs).map(([e, to]) => [from, e, to]),
    );
    expect(table.sort()).toEqual([...ALLOWED].map((a) => [...a]).sort());
  });

  it('counts a submission on every submit and refuses one with none left', () => {
    const first = transition(snap('not_submitted', 0), 'submit');
    expect(first.ok && first.value.submissions).toBe(1);
    const last = transition(snap('rejected', 2), 'submit');
    expect(last.ok && last.value).toEqual({ state: 'pending', submissions: 3, maxSubmissions: 3 });
    const none = transition(snap('rejected', 3), 'submit');
    expect(none).toEqual({
      ok: false,
      error: {
        code: 'CONFLICT',
        message: 'No submissions are left for this requirement. Please contact support.',
      },
    });
  });

  it('leaves submissions alone on decisions', () => {
    const r = transition(snap('pending', 2), 'reject');
    expect(r.ok && r.value.submissions).toBe(2);
  });

  it('tells submissions left and when uploads are accepted', () => {
    expect(submissionsLeft(snap('rejected', 5))).toBe(0);
    expect(submissionsLeft(snap('rejected', 1))).toBe(2);
    expect(acceptsUploads(snap('not_submitted', 0))).toBe(true);
    expect(acceptsUploads(snap('rejected', 1))).toBe(true);
    expect(acceptsUploads(snap('rejected', 3))).toBe(false);
    expect(acceptsUploads(snap('expired', 3))).toBe(true);
    for (const s of ['pending', 'verified', 'rejected_final'] as const)
      expect(acceptsUploads(snap(s))).toBe(false);
  });

  it('reads expiry from the date', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired(new Date('2026-01-03T00:00:00Z'), now)).toBe(false);
    expect(isExpired(now, now)).toBe(true);
  });
});
