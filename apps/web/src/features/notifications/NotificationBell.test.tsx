import type { UserNotification } from '@openbroker/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import type { NotificationPage } from '@/api/notifications';
import { createQueryClient, Providers } from '@/app/Providers';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ok } from '@/test/http';
import { toastTexts } from '@/test/render';
import { NotificationBell } from './NotificationBell';
import { bindNotificationClient, receiveNotification } from './receiveNotification';
import { createNotificationSound, createSynthChime, NOTIFICATION_SOUND_URL } from './sound';

function note(overrides: Partial<UserNotification> = {}): UserNotification {
  return {
    id: '1',
    title: 'Stop loss triggered',
    message: 'EUR/USD closed at 1.09500',
    color: 'danger',
    read: false,
    created_at: '2026-01-07T15:00:00.000Z',
    ...overrides,
  };
}

function page(data: UserNotification[]): NotificationPage {
  return {
    data,
    meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length },
    links: { next: null, prev: null },
    unread_count: data.filter((n) => !n.read).length,
  };
}

function mount(data: UserNotification[]) {
  const get = vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/notifications') return ok(page(data));
    throw new Error(`Unexpected GET ${url}`);
  });
  const post = vi.spyOn(api, 'post').mockImplementation(async (url: string) => {
    const read = /^\/notifications\/(.+)\/read$/.exec(url);
    if (read) return ok({ data: note({ id: read[1], read: true }) });
    if (url === '/notifications/read-all') return ok({ data: { updated: 1 } });
    throw new Error(`Unexpected POST ${url}`);
  });
  const queryClient = createQueryClient();
  render(
    <Providers queryClient={queryClient}>
      <NotificationBell />
    </Providers>,
  );
  return { get, post, queryClient };
}

const badge = () => screen.queryByTestId('notification-badge')?.textContent ?? null;

async function openList() {
  fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
  return screen.findByTestId('notification-list');
}

describe('notification bell (SPEC §4 Notification)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser(), selectedAccountIndex: 0 });
  });
  afterEach(() => bindNotificationClient(null));

  it('shows the unread count, and no badge when everything is read', async () => {
    mount([note({ id: '3' }), note({ id: '2' }), note({ id: '1', read: true })]);
    await waitFor(() => expect(badge()).toBe('2'));
  });

  it('has no badge when nothing is unread', async () => {
    const { get } = mount([note({ read: true })]);
    await waitFor(() => expect(get).toHaveBeenCalled());
    const list = await openList();
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(1));
    expect(badge()).toBeNull();
  });

  it('lists title, message and colour, and marks one read through the API', async () => {
    const { post } = mount([note({ id: '7', title: 'Margin call', color: 'warning' }), note({ id: '6' })]);
    await waitFor(() => expect(badge()).toBe('2'));
    const list = await openList();
    const [first] = within(list).getAllByTestId('notification-item');
    if (!first) throw new Error('no item');
    expect(first.textContent).toContain('Margin call');
    expect(first.textContent).toContain('EUR/USD closed at 1.09500');
    expect(first.dataset.color).toBe('warning');
    fireEvent.click(first);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/notifications/7/read'));
    await waitFor(() => expect(badge()).toBe('1'));
    expect(first.dataset.read).toBe('true');
  });

  it('marks all as read', async () => {
    const { post } = mount([note({ id: '2' }), note({ id: '1' })]);
    await waitFor(() => expect(badge()).toBe('2'));
    const list = await openList();
    fireEvent.click(within(list).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/notifications/read-all'));
    await waitFor(() => expect(badge()).toBeNull());
  });

  it('receives a pushed notification: toast titled "Notification" by default, a chime, and the list', async () => {
    const { queryClient } = mount([note({ id: '1' })]);
    await waitFor(() => expect(badge()).toBe('1'));
    const playSound = vi.fn();
    act(() => {
      receiveNotification({ id: 42, message: 'Your deposit arrived', color: 'success' }, { playSound });
    });
    expect(playSound).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toastTexts().some((t) => t.includes('Notification'))).toBe(true));
    expect(toastTexts().join(' ')).toContain('Your deposit arrived');
    expect(document.querySelector('[data-sonner-toast]')?.getAttribute('data-type')).toBe('success');
    await waitFor(() => expect(badge()).toBe('2'));
    expect(queryClient.getQueryData<NotificationPage>(['notifications', 1])?.data[0]).toMatchObject({
      id: '42',
      title: 'Notification',
      read: false,
    });
  });

  it('dismisses a temp- notification locally without calling the API', async () => {
    const { post } = mount([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    act(() => {
      receiveNotification(
        { id: 'temp-1', title: 'Welcome', message: 'Hello', color: 'other' },
        { playSound: () => {} },
      );
    });
    await waitFor(() => expect(badge()).toBe('1'));
    const list = await openList();
    fireEvent.click(within(list).getByTestId('notification-item'));
    await waitFor(() => expect(within(list).queryByTestId('notification-item')).toBeNull());
    expect(badge()).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('notification sound', () => {
  it('plays the /sounds file from the start each time', async () => {
    const audio = { currentTime: 3, play: vi.fn(() => Promise.resolve()) };
    const fallback = vi.fn();
    const createAudio = vi.fn(() => audio);
    const play = createNotificationSound({ createAudio, fallback });
    play();
    audio.currentTime = 0.2;
    play();
    expect(createAudio).toHaveBeenCalledTimes(1);
    expect(audio.play).toHaveBeenCalledTimes(2);
    expect(audio.currentTime).toBe(0);
    await Promise.resolve();
    expect(fallback).not.toHaveBeenCalled();
    expect(NOTIFICATION_SOUND_URL).toBe('/sounds/notification.wav');
  });

  it('falls back to the synthesised chime when the file cannot play, and only logs', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new DOMException('no source', 'NotSupportedError');
    const fallback = vi.fn();
    const play = createNotificationSound({
      createAudio: () => ({ currentTime: 0, play: () => Promise.reject(failure) }),
      fallback,
    });
    expect(() => play()).not.toThrow();
    await vi.waitFor(() => expect(fallback).toHaveBeenCalledTimes(1));
    expect(logged).toHaveBeenCalledWith('Notification sound could not play', failure);
  });

  it('does not chime instead when the browser refuses to play before any interaction', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fallback = vi.fn();
    const play = createNotificationSound({
      createAudio: () => ({
        currentTime: 0,
        play: () => Promise.reject(new DOMException('gesture needed', 'NotAllowedError')),
      }),
      fallback,
    });
    play();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fallback).not.toHaveBeenCalled();
  });

  it('uses the chime without an audio element', () => {
    const fallback = vi.fn();
    createNotificationSound({ createAudio: () => undefined, fallback })();
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('only logs when Web Audio fails', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const play = createSynthChime(() => {
      throw new Error('no audio');
    });
    expect(() => play()).not.toThrow();
    expect(logged).toHaveBeenCalledWith('Notification sound could not play', expect.any(Error));
  });

  it('stays silent without Web Audio', () => {
    expect(() => createSynthChime(() => undefined)()).not.toThrow();
  });
});
