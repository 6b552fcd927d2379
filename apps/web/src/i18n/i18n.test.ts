import { afterEach, describe, expect, it } from 'vitest';
import { i18n, withManyForms } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the i18n instance', () => {
  it('gives Spanish a many form from its other form', () => {
    expect(withManyForms({ a: { n_one: 'uno', n_other: '{{count}} varios' } })).toEqual({
      a: { n_one: 'uno', n_other: '{{count}} varios', n_many: '{{count}} varios' },
    });
  });

  it('answers in English by default and in Spanish when switched', async () => {
    expect(i18n.language).toBe('en');
    await i18n.changeLanguage('es');
    expect(i18n.language).toBe('es');
  });
});
