import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(() => {
  void i18n.changeLanguage('en');
});

function mount() {
  render(
    <ConfirmDialog
      open
      onOpenChange={vi.fn()}
      title="Deactivate this client?"
      description="They are signed out everywhere."
      confirmLabel="Deactivate"
      destructive
      onConfirm={vi.fn()}
    />,
  );
}

describe('ConfirmDialog', () => {
  it('opens on Cancel, never on the consequential button', async () => {
    mount();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('es');
    mount();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });
});
