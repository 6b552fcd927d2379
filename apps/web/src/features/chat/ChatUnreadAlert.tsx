import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useChatUnreadAlert } from './useChatUnreadAlert';

/** SPEC §2 Chat: the floating 'New Messages' alert; tapping it opens the chat page. */
export function ChatUnreadAlert() {
  const { t } = useTranslation('account');
  const alert = useChatUnreadAlert();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 z-40 flex justify-center px-4"
    >
      {alert.visible ? (
        <button
          type="button"
          data-testid="chat-unread-alert"
          onClick={alert.open}
          className="pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-xl border border-primary/40 bg-popover/95 p-3 text-start shadow-2xl outline-none backdrop-blur motion-safe:transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
            <MessageSquare className="size-4" aria-hidden="true" />
            <span className="absolute top-0 end-0 size-2.5 rounded-full bg-destructive ring-2 ring-popover" />
          </span>
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="font-semibold text-sm">{t('chat.unread.title')}</span>
            <span className="text-muted-foreground text-xs">
              {t('chat.unread.body', { count: alert.unread })}
            </span>
          </span>
        </button>
      ) : null}
    </div>
  );
}
