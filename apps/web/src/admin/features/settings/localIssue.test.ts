import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { localIssue } from './localIssue';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('localIssue', () => {
  it('keeps the domain’s English words in English, and an unknown message as it came', () => {
    expect(localIssue('Choose a reason')).toBe('Choose a reason');
    expect(localIssue('Leverage must be at most 1000')).toBe('Leverage must be at most 1000');
    expect(localIssue('Tuesday: 18:00 must be before 10:00')).toBe('Tuesday: 18:00 must be before 10:00');
    expect(localIssue('BTC has at most 8 decimals.')).toBe('BTC has at most 8 decimals.');
  });

  it('reads a known message in Spanish, with the varying parts and weekdays carried over', async () => {
    await i18n.changeLanguage('es');
    expect(localIssue('Choose a reason')).toBe('Elija un motivo');
    expect(localIssue('Leverage must be at most 1000')).toBe('El apalancamiento debe ser como máximo 1000');
    expect(localIssue('Tuesday: 18:00 must be before 10:00')).toBe('Martes: 18:00 debe ser anterior a 10:00');
    expect(localIssue('BTC has at most 8 decimals.')).toBe('BTC has at most 8 decimals.');
  });
});
