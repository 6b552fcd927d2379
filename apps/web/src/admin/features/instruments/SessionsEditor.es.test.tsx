import { everyDay } from '@openbroker/domain';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { SessionsEditor } from './SessionsEditor';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('SessionsEditor in Spanish', () => {
  it('names weekdays through Intl and reads every label from the catalogue', async () => {
    await i18n.changeLanguage('es');
    render(
      <SessionsEditor
        value={{ ...everyDay([]), mon: [['09:00', '17:00']] }}
        onChange={() => undefined}
        defaultHours="24/7"
        timeZone="Europe/Madrid"
      />,
    );
    expect(screen.getByText('Sesiones de negociación')).toBeTruthy();
    expect(screen.getByText('Lunes')).toBeTruthy();
    expect(screen.getByLabelText('Sesión 1 del lunes: desde')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar la sesión 1 del lunes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir una sesión el domingo' })).toBeTruthy();
    expect(screen.getAllByText('Cerrado')).toHaveLength(6);
  });
});
