import { MESSAGES, STAFF_MESSAGES } from '@openbroker/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { localMessage } from './messages';

afterEach(() => {
  void i18n.changeLanguage('en');
});

describe('localMessage', () => {
  it('keeps the domain’s English word for word and translates it for Spanish readers', async () => {
    expect(localMessage(STAFF_MESSAGES.rolesRequired)).toBe(STAFF_MESSAGES.rolesRequired);
    expect(localMessage(MESSAGES.email)).toBe(MESSAGES.email);
    await i18n.changeLanguage('es');
    expect(localMessage(STAFF_MESSAGES.rolesRequired)).toBe('Elija al menos un rol');
    expect(localMessage('Amount must not be zero')).toBe('El importe no puede ser cero');
  });

  it('shows a message it does not know as it came', () => {
    expect(localMessage('The title is required')).toBe('The title is required');
    expect(localMessage(undefined)).toBeUndefined();
  });
});
