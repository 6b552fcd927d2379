import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, REGISTRATION_DRAFT_KEY, readDraft, updateDraft, writeDraft } from './draft';

const DRAFT = {
  email: 'a@example.com',
  password: 'secret-password-1',
  country: 'germany',
  timestamp: '2025-01-02T03:04:05.000Z',
};

afterEach(() => {
  clearDraft();
  vi.restoreAllMocks();
});

describe('registration draft', () => {
  it('keeps SPEC’s keys in localStorage and the password only in memory', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    writeDraft(DRAFT);
    updateDraft({ countryOfResidence: 'france', nationality: 'italy', agreePrivacy: true });
    expect(setItem).toHaveBeenCalled();
    for (const [, value] of setItem.mock.calls) expect(value).not.toContain(DRAFT.password);
    expect(JSON.parse(localStorage.getItem(REGISTRATION_DRAFT_KEY) ?? 'null')).toEqual({
      email: DRAFT.email,
      country: DRAFT.country,
      timestamp: DRAFT.timestamp,
      countryOfResidence: 'france',
      nationality: 'italy',
      agreePrivacy: true,
    });
    expect(readDraft()).toMatchObject({ password: DRAFT.password, agreePrivacy: true });
  });

  it('drops a clear-text password an older draft left behind when it is rewritten', () => {
    localStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify({ ...DRAFT, password: 'left-behind' }));
    expect(readDraft()?.password).toBe('');
    updateDraft({ agreePrivacy: true });
    expect(localStorage.getItem(REGISTRATION_DRAFT_KEY)).not.toContain('left-behind');
  });

  it('clearing forgets the password too', () => {
    writeDraft(DRAFT);
    clearDraft();
    expect(localStorage.getItem(REGISTRATION_DRAFT_KEY)).toBeNull();
    localStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify({ ...DRAFT, password: undefined }));
    expect(readDraft()?.password).toBe('');
  });
});
