import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '@/admin/AdminLayout';
import { useSessionStore } from '@/stores/sessionStore';
import { renderRoutes } from '@/test/render';
import { signInStaff, stubGets } from './features/advisors/testFixtures';

vi.mock(
  '@/realtime/useRealtimeChannel',
  async () => (await import('@/features/chat/testing')).fakeRealtimeModule,
);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

function mount() {
  signInStaff(['clients.read', 'audit.read']);
  stubGets({ '/admin/counts': { data: { pending_clients: 3, approvals: 0, unread_chats: 0 } } });
  return renderRoutes(
    [{ path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <p>Home</p> }] }],
    '/admin',
  );
}

describe('the back-office shell', () => {
  it('starts with a skip link that moves the focus to the main region', async () => {
    mount();
    await screen.findByText('Home');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    const focusable = document.querySelectorAll('a[href], button, [tabindex="0"]');
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(document.activeElement).toBe(main);
  });

  it('has landmarks, marks the current page and names the menu button', async () => {
    mount();
    expect(screen.getByRole('banner')).toBeTruthy();
    const [nav] = await screen.findAllByRole('navigation', { name: 'Back office' });
    const current = (nav as HTMLElement).querySelector('[aria-current="page"]');
    expect(current?.textContent).toContain('Dashboard');
    expect(await screen.findByTestId('admin-badge-pending_clients')).toBeTruthy();
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });
});
