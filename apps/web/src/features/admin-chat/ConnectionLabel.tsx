import { cn } from '@/lib/utils';
import { type RealtimeStatus, useRealtimeStore } from '@/realtime/realtimeSocket';

/** SPEC §2 Admin Chat header: the realtime link's state in words. */
export function connectionLabel(status: RealtimeStatus): string {
  if (status === 'connected') return 'Connected';
  if (status === 'disconnected') return 'Disconnected';
  return 'Reconnecting...';
}

const DOT: Record<RealtimeStatus, string> = {
  connected: 'bg-success',
  connecting: 'bg-warning animate-pulse',
  failed: 'bg-warning animate-pulse',
  disconnected: 'bg-destructive',
};

export function ConnectionLabel({ className }: { className?: string }) {
  const status = useRealtimeStore((s) => s.status);
  return (
    <span
      data-testid="admin-chat-connection"
      data-status={status}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-[11px] text-muted-foreground',
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', DOT[status])} />
      {connectionLabel(status)}
    </span>
  );
}
