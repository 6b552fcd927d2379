import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/i18n';
import { cn } from '@/lib/utils';
import { type RealtimeStatus, useRealtimeStore } from '@/realtime/realtimeSocket';

/** SPEC §2 Admin Chat header: the realtime link's state in words. */
export function connectionLabel(status: RealtimeStatus): string {
  if (status === 'connected') return i18n.t('account:adminChat.connected');
  if (status === 'disconnected') return i18n.t('account:adminChat.disconnected');
  return i18n.t('account:adminChat.reconnecting');
}

const DOT: Record<RealtimeStatus, string> = {
  connected: 'bg-success',
  connecting: 'bg-warning motion-safe:animate-pulse',
  failed: 'bg-warning motion-safe:animate-pulse',
  disconnected: 'bg-destructive',
};

export function ConnectionLabel({ className }: { className?: string }) {
  // Re-renders on a language change, so the label follows it.
  useTranslation('account');
  const status = useRealtimeStore((s) => s.status);
  return (
    <span
      data-testid="admin-chat-connection"
      data-status={status}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-muted-foreground text-xs',
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', DOT[status])} />
      {connectionLabel(status)}
    </span>
  );
}
