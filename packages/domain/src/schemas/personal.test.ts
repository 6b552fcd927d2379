import { describe, expect, it } from 'vitest';
import {
  changeSummary,
  diffPersonal,
  isAdult,
  lockedFieldsFor,
  personalChangePayloadSchema,
  personalInputSchemaAt,
} from './personal.ts';

const today = new Date('2026-06-15T12:00:00Z');
const schema = personalInputSchemaAt(() => today);

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1990-12-10',
  address_line1: '12 St James Square',
  address_line2: '',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'united-kingdom',
  country_code: '+44',
  phone: '20 7946 0958',
  nationality: 'united-kingdom',
  tax_residence: 'united-kingdom',
  tax_id: '',
};

function errorsOf(input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0]);
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe('personalInputSchemaAt', () => {
  it('accepts a complete form and turns blank optionals into null', () => {
    const r = schema.parse(valid);
    expect(r.address_line2).toBeNull();
    expect(r.tax_id).toBeNull();
    expect(r.first_name).toBe('Ada');
  });

  it('refuses anyone under 18 on the day, and accepts them on their 18th birthday', () => {
    expect(errorsOf({ ...valid, date_of_birth: '2008-06-16' }).date_of_birth).toEqual([
      'You must be at least 18 years old',
    ]);
    expect(errorsOf({ ...valid, date_of_birth: '2008-06-15' })).toEqual({});
  });

  it('refuses dates that are not on the calendar', () => {
    expect(errorsOf({ ...valid, date_of_birth: '1990-02-30' }).date_of_birth).toEqual([
      'Enter your date of birth as a valid date',
    ]);
    expect(errorsOf({ ...valid, date_of_birth: '10/12/1990' }).date_of_birth).toBeDefined();
  });

  it('names each bad field with clear words', () => {
    const e = errorsOf({
      ...valid,
      first_name: 'A',
      city: '',
      country: 'atlantis',
      country_code: '44',
      phone: 'call me',
      tax_id: '<b>',
      postal_code: '!!',
    });
    expect(e.first_name).toEqual(['First name must be at least 2 characters']);
    expect(e.city).toEqual(['Enter your city']);
    expect(e.country).toEqual(['Choose the country you live in']);
    expect(e.country_code).toEqual(['Choose a phone country code']);
    expect(e.phone?.[0]).toBe('Please enter a valid phone number');
    expect(e.tax_id).toEqual(['A tax id uses letters, digits, spaces, dots, slashes and dashes']);
    expect(e.postal_code).toEqual(['A postal code uses letters, digits, spaces and dashes']);
  });

  it('requires every field but the second address line and the tax id', () => {
    const { address_line2: _a, tax_id: _t, ...required } = valid;
    expect(schema.safeParse(required).success).toBe(true);
    expect(Object.keys(errorsOf({})).sort()).toEqual(
      [
        'address_line1',
        'city',
        'country',
        'country_code',
        'date_of_birth',
        'first_name',
        'last_name',
        'nationality',
        'phone',
        'postal_code',
        'tax_residence',
      ].sort(),
    );
  });
});

describe('isAdult', () => {
  it('counts whole years, leap days included', () => {
    expect(isAdult('2000-02-29', new Date('2018-02-28T00:00:00Z'))).toBe(false);
    expect(isAdult('2000-02-29', new Date('2018-03-01T00:00:00Z'))).toBe(true);
  });
});

describe('lockedFieldsFor', () => {
  it('locks nothing until a requirement is verified', () => {
    expect(lockedFieldsFor([])).toEqual([]);
    expect(lockedFieldsFor(['selfie'])).toEqual([]);
  });

  it('locks name and date of birth by the identity document, the address by proof of address', () => {
    expect(lockedFieldsFor(['identity_document']).map((l) => l.field)).toEqual([
      'first_name',
      'last_name',
      'date_of_birth',
    ]);
    expect(lockedFieldsFor(['proof_of_address', 'identity_document']).map((l) => l.field)).toEqual([
      'first_name',
      'last_name',
      'date_of_birth',
      'address_line1',
      'address_line2',
      'city',
      'postal_code',
      'country',
    ]);
  });
});

describe('diffPersonal and changeSummary', () => {
  it('lists only changed fields, treating blank and null alike', () => {
    expect(
      diffPersonal(
        { first_name: 'Ada', city: 'London', tax_id: null },
        { first_name: 'Ada', city: 'Paris', tax_id: '' },
      ),
    ).toEqual([{ field: 'city', before: 'London', after: 'Paris' }]);
  });

  it('names the groups changed', () => {
    expect(changeSummary(['city', 'postal_code'], 'Ada Lovelace')).toBe('Change address of Ada Lovelace');
    expect(changeSummary(['first_name', 'date_of_birth', 'city'], 'Ada Lovelace')).toBe(
      'Change name, date of birth and address of Ada Lovelace',
    );
  });

  it('reads the payload of a change request, refusing unknown fields', () => {
    expect(personalChangePayloadSchema.safeParse({ fields: { city: 'Paris' }, before: {} }).success).toBe(
      true,
    );
    expect(personalChangePayloadSchema.safeParse({ fields: { role: 'staff' }, before: {} }).success).toBe(
      false,
    );
  });
});
