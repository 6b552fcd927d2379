import { MESSAGES, STAFF_MESSAGES } from '@openbroker/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { localizeMessage } from '@/lib/validationMessage';

afterEach(() => {
  void i18n.changeLanguage('en');
});

describe('localizeMessage', () => {
  it('keeps the domain’s English word for word and translates it for Spanish readers', async () => {
    expect(localizeMessage(STAFF_MESSAGES.rolesRequired)).toBe(STAFF_MESSAGES.rolesRequired);
    expect(localizeMessage(MESSAGES.email)).toBe(MESSAGES.email);
    await i18n.changeLanguage('es');
    expect(localizeMessage(STAFF_MESSAGES.rolesRequired)).toBe('Elija al menos un rol');
    expect(localizeMessage('Amount must not be zero')).toBe('El importe no puede ser cero');
  });

  it('shows a message it does not know as it came', () => {
    expect(localizeMessage('The title is required')).toBe('The title is required');
    expect(localizeMessage(undefined)).toBeUndefined();
  });
});

describe('localizeMessage across areas', () => {
  afterEach(() => {
    void i18n.changeLanguage('en');
  });

  it('knows the order messages and fills the parts that vary', async () => {
    await i18n.changeLanguage('es');
    expect(localizeMessage('Volume must be between 0.01 and 50 lots')).not.toBe(
      'Volume must be between 0.01 and 50 lots',
    );
    const close = localizeMessage('Volume must be between 0.01 and 0.05 lots');
    expect(close).toContain('0.05');
    expect(close).not.toContain('Volume');
  });
});
