import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/i18n/i18n';
import { renderRoutes } from '@/test/render';
import { LoginPage } from './LoginPage';

describe('sign-in in Spanish', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('reads the catalogue: heading, labels, validation and the skip link', async () => {
    await applyLanguage('es');
    renderRoutes([{ path: '/', element: <LoginPage /> }], '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Saltar al contenido' }).getAttribute('href')).toBe(
      '#main-content',
    );
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    expect(document.title).toBe('Iniciar sesión · OpenBroker');
    expect(document.documentElement.lang).toBe('es');
    fireEvent.submit(screen.getByTestId('login-form'));
    expect(await screen.findByText('Introduzca una dirección de correo electrónico válida')).toBeTruthy();
    expect(screen.getByText('Obligatorio')).toBeTruthy();
  });
});
