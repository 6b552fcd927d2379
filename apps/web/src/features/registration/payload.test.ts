import type { RegistrationInput } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import type { RegistrationDraft } from './draft';
import { buildRegistrationPayload, prefilledFields } from './payload';

const FORM: RegistrationInput = {
  first_name: 'Grace',
  last_name: 'Hopper',
  username: 'ghopper',
  email: 'form@example.com',
  phone: '5550100200',
  country_code: '+1',
  country: 'us',
  nationality: 'canada',
  password: 'form-password-1',
  confirm_password: 'form-password-1',
  agree_privacy: true,
};

const DRAFT: RegistrationDraft = {
  email: 'draft@example.com',
  password: 'draft-password-1',
  country: 'united-kingdom',
  timestamp: '2025-01-02T03:04:05.000Z',
  countryOfResidence: 'germany',
  nationality: 'france',
  agreePrivacy: true,
};

describe('buildRegistrationPayload (SPEC §7: stored values override form values)', () => {
  it('takes email, password, country and nationality from the draft', () => {
    expect(buildRegistrationPayload(FORM, DRAFT)).toEqual({
      ...FORM,
      email: 'draft@example.com',
      password: 'draft-password-1',
      confirm_password: 'draft-password-1',
      country: 'germany',
      nationality: 'france',
      agree_privacy: true,
    });
  });

  it("uses the sign-up country when the country step's answer is missing", () => {
    const { countryOfResidence: _, ...draft } = DRAFT;
    expect(buildRegistrationPayload(FORM, draft).country).toBe('united-kingdom');
  });

  it('keeps form values the draft does not have', () => {
    const payload = buildRegistrationPayload(FORM, { ...DRAFT, nationality: undefined });
    expect(payload.nationality).toBe('canada');
  });

  it("sends the draft's privacy answer", () => {
    expect(buildRegistrationPayload(FORM, { ...DRAFT, agreePrivacy: undefined }).agree_privacy).toBe(false);
  });

  it('takes the typed password when the draft has none in memory (after a reload)', () => {
    const payload = buildRegistrationPayload(FORM, { ...DRAFT, password: '' });
    expect(payload.email).toBe('draft@example.com');
    expect(payload.password).toBe('form-password-1');
    expect(payload.confirm_password).toBe('form-password-1');
  });

  it('keeps typed credentials when the layout shows them (ic)', () => {
    const payload = buildRegistrationPayload(FORM, DRAFT, { credentialsFromForm: true });
    expect(payload.email).toBe('form@example.com');
    expect(payload.password).toBe('form-password-1');
    expect(payload.country).toBe('germany');
  });
});

describe('prefilledFields', () => {
  it('lists what the earlier steps supplied', () => {
    expect([...prefilledFields(DRAFT)].sort()).toEqual(
      ['confirm_password', 'country', 'email', 'nationality', 'password'].sort(),
    );
    expect(prefilledFields({ ...DRAFT, nationality: undefined }).has('nationality')).toBe(false);
    // No password in memory: the form asks for it (and its confirmation) again.
    const again = prefilledFields({ ...DRAFT, password: '' });
    expect(again.has('password')).toBe(false);
    expect(again.has('confirm_password')).toBe(false);
  });
});
