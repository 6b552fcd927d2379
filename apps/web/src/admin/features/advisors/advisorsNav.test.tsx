import type { Permission } from '@openbroker/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '@/admin/AdminLayout';
import { useSessionStore } from '@/stores/sessionStore';
import { renderRoutes } from '@/test/render';
import { signInStaff, stubGets } from './testFixtures';

vi.mock(
  '@/realtime/useRealtimeChannel',
  async () => (await import('@/features/chat/testing')).fakeRealtimeModule,
);

const COUNTS = { data: { pending_clients: 0, approvals: 0, unread_chats: 0 } };

async function navFor(permissions: Permission[]) {
  signInStaff(permissions);
  stubGets({ '/admin/counts': COUNTS });
  renderRoutes([{ path: '/admin', element: <AdminLayout /> }], '/admin');
  // The desktop navigation (the phone menu renders only when opened).
  const [nav] = await screen.findAllByRole('navigation', { name: 'Back office' });
  return nav as HTMLElement;
}

const link = (nav: HTMLElement, name: string) => within(nav).queryByRole('link', { name });

afterEach(() => {
  // Unmount before signing out: the layout is not meant to outlive its user.
  cleanup();
  vi.restoreAllMocks();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

describe('Expert Advisor entries of the back-office navigation', () => {
  it('shows the catalogue only to staff who manage advisors, the runs to any reader of clients', async () => {
    const nav = await navFor(['clients.read', 'advisors.manage']);
    expect(link(nav, 'Expert Advisors')?.getAttribute('href')).toBe('/admin/expert-advisors');
    expect(link(nav, 'Running advisors')?.getAttribute('href')).toBe('/admin/advisor-runs');
  });

  it('hides the catalogue from support staff, who still see the runs', async () => {
    const nav = await navFor(['clients.read', 'chat.read']);
    expect(link(nav, 'Expert Advisors')).toBeNull();
    expect(link(nav, 'Running advisors')).toBeTruthy();
  });

  it('hides both from staff without either permission', async () => {
    const nav = await navFor(['money.read']);
    expect(link(nav, 'Expert Advisors')).toBeNull();
    expect(link(nav, 'Running advisors')).toBeNull();
    expect(link(nav, 'Approvals')).toBeTruthy();
  });
});
