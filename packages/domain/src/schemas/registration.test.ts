import { describe, expect, it } from 'vitest';
import { registrationSchema } from './registration.ts';

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  email: 'Ada@Example.com',
  phone: '5551234',
  country_code: '+44',
  country: 'uk',
  nationality: 'united-kingdom',
  password: 'secret-pass',
  confirm_password: 'secret-pass',
  agree_privacy: true,
};

function messages(input: Record<string, unknown>): Record<string, string[]> {
  const r = registrationSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const key = String(i.path[0]);
    out[key] = [...(out[key] ?? []), i.message];
  }
  return out;
}

describe('registration schema (SPEC §5)', () => {
  it('accepts a valid form and lower-cases the email', () => {
    const r = registrationSchema.parse(valid);
    expect(r.email).toBe('ada@example.com');
  });

  it.each([
    ['first_name', 'A', 'First name must be at least 2 characters'],
    ['last_name', 'L', 'Last name must be at least 2 characters'],
    ['username', 'ad', 'Username must be at least 3 characters'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['phone', '12345', 'Please enter a valid phone number'],
    ['password', 'short', 'Password must be at least 8 characters'],
  ])('%s = %j says %s', (field, value, message) => {
    const input = { ...valid, [field]: value, ...(field === 'password' ? { confirm_password: value } : {}) };
    expect(messages(input)[field]).toContain(message);
  });

  it('says the passwords do not match on confirm_password', () => {
    expect(messages({ ...valid, confirm_password: 'other-pass' }).confirm_password).toEqual([
      'Passwords do not match',
    ]);
  });

  it('requires the privacy agreement', () => {
    expect(messages({ ...valid, agree_privacy: false }).agree_privacy).toEqual([
      'Please agree to the Privacy Policy',
    ]);
  });

  it('defaults the phone country code to +1', () => {
    const { country_code: _omit, ...rest } = valid;
    expect(registrationSchema.parse(rest).country_code).toBe('+1');
  });
});
