import { afterEach, describe, expect, it } from 'vitest';
import { depositStatusText } from '@/features/deposit/depositStatus';
import { limitError } from '@/features/deposit/feeQuote';
import { formatRate, formatTerm } from '@/features/savings/savingsFormat';
import { withdrawalStatusText } from '@/features/withdrawal/withdrawalStatus';
import { i18n } from '@/i18n/i18n';
import { formatAmount } from './convert';

describe('money screens in Spanish', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates status texts and limits at call time and formats amounts in the reader’s locale', async () => {
    expect(formatAmount(1234.5, 'EUR')).toBe('€1,234.50');
    expect(depositStatusText({ status: 'confirming', confirmations: 1, required_confirmations: 2 })).toBe(
      'Confirming 1/2',
    );
    await i18n.changeLanguage('es');
    expect(depositStatusText({ status: 'expired', confirmations: null, required_confirmations: null })).toBe(
      'Caducado',
    );
    expect(formatAmount(1234.5, 'EUR')).toMatch(/1\.?234,50\s€/);
    expect(limitError(5, 10, null, 'EUR')).toMatch(/^El mínimo es 10,00\s€$/);
    expect(formatRate(4.5)).toBe('4,50 % anual');
    expect(formatTerm({ kind: 'fixed', term_days: 90 })).toBe('90 días');
    expect(
      withdrawalStatusText({ status: 'held', approvals_given: 1, approvals_required: 2 } as Parameters<
        typeof withdrawalStatusText
      >[0]),
    ).toBe('Pendiente de aprobación (1 de 2)');
  });
});
