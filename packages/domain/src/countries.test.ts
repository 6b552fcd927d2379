import { describe, expect, it } from 'vitest';
import { COUNTRIES, countrySlugFromCode, defaultCountryValue, FALLBACK_COUNTRY_SLUG } from './countries.ts';

describe('countries', () => {
  it('has about 46 entries sorted by label with hyphenated slugs', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(44);
    const labels = COUNTRIES.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    for (const c of COUNTRIES) expect(c.value).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('maps a two-letter code to its slug, US when absent, and the underscore fallback when unknown', () => {
    expect(countrySlugFromCode('gb')).toBe('united-kingdom');
    expect(countrySlugFromCode(undefined)).toBe('united-states');
    expect(countrySlugFromCode('ZZ')).toBe(FALLBACK_COUNTRY_SLUG);
    expect(FALLBACK_COUNTRY_SLUG).toBe('united_states');
  });

  it('defaults the select to united-states for a slug outside the list', () => {
    expect(defaultCountryValue('united_states')).toBe('united-states');
    expect(defaultCountryValue('nigeria')).toBe('nigeria');
  });
});
