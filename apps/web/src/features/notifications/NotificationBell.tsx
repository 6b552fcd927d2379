import type { NotificationColor, UserNotification } from '@openbroker/domain';
import * as PopoverPrimitive from '@radix-ui/react-popover';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/i18n/format';
import { cn } from '@/lib/utils';
import { useMarkAllRead, useNotifications, useOpenNotification } from './queries';
import { bindNotificationClient } from './receiveNotification';

const COLOR_CLASS: Record<NotificationColor, string> = {
  danger: 'bg-destructive',
  success: 'bg-success',
  warning: 'bg-warning',
  other: 'bg-info',
};

function formatTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : formatDateTime(at, { dateStyle: 'short', timeStyle: 'short' });
}

/** The badge text: the count, capped so it fits. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

/**
 * The header bell (SPEC §4 "Notification"): the unread count, and a list of the latest
 * notifications, unread highlighted; opening one marks it read, 'temp-' ones are dismissed.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const { data } = useNotifications();
  const openNotification = useOpenNotification();
  const markAll = useMarkAllRead();
  const list = data?.data ?? [];
  const unread = data?.unread_count ?? 0;
  const { t } = useTranslation('auth');
  const countId = useId();

  useEffect(() => {
    bindNotificationClient(client);
    return () => bindNotificationClient(null);
  }, [client]);

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      {/* The badge and the count sit beside the button, not in it: inside, they would be text the
          button's name ("Notifications") does not contain (WCAG 2.5.3 label in name). */}
      <span className="relative inline-flex shrink-0">
        <PopoverPrimitive.Trigger
          aria-label={t('notifications.title')}
          aria-describedby={unread > 0 ? countId : undefined}
          className="flex size-9 shrink-0 items-center justify-center rounded-md outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/60 data-[state=open]:bg-accent"
        >
          <Bell className="size-4" aria-hidden="true" />
        </PopoverPrimitive.Trigger>
        {unread > 0 ? (
          <>
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="pointer-events-none absolute -top-0.5 -end-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-destructive-foreground text-xs leading-none"
            >
              {badgeText(unread)}
            </span>
            <span id={countId} className="sr-only">
              {t('notifications.unreadCount', { count: unread })}
            </span>
          </>
        ) : null}
      </span>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          data-testid="notification-list"
          className="z-50 flex max-h-[min(28rem,calc(100vh-5rem))] w-[min(22rem,calc(100vw-1rem))] flex-col rounded-lg border bg-popover text-popover-foreground shadow-xl outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <h2 className="font-semibold text-sm">{t('notifications.title')}</h2>
            <button
              type="button"
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
              className="rounded px-1.5 py-0.5 text-primary text-xs hover:underline disabled:pointer-events-none disabled:opacity-50"
            >
              {t('notifications.markAll')}
            </button>
          </div>
          {list.length === 0 ? (
            <p className="px-3 py-6 text-center text-muted-foreground text-sm">{t('notifications.empty')}</p>
          ) : (
            <ul className="flex flex-col overflow-y-auto">
              {list.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={() => openNotification(n)} />
              ))}
            </ul>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

function NotificationItem({ notification: n, onOpen }: { notification: UserNotification; onOpen(): void }) {
  const { t } = useTranslation('auth');
  return (
    <li className="border-b last:border-b-0">
      <button
        type="button"
        data-testid="notification-item"
        data-read={n.read}
        data-color={n.color}
        onClick={onOpen}
        className={cn(
          'flex w-full gap-2 px-3 py-2 text-start outline-none transition-colors hover:bg-accent focus-visible:bg-accent',
          !n.read && 'bg-accent/40',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', COLOR_CLASS[n.color])}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={cn('truncate text-sm', !n.read && 'font-semibold')}>{n.title}</span>
          <span className="text-muted-foreground text-xs">{n.message}</span>
          <time dateTime={n.created_at} className="text-xs text-muted-foreground">
            {formatTime(n.created_at)}
          </time>
        </span>
        {n.read ? null : <span className="sr-only">{t('notifications.unread')}</span>}
      </button>
    </li>
  );
}
