import { useQueryClient } from '@tanstack/react-query';
import { Headset } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatKeys } from '@/api/chat';
import { PageHeading } from '@/components/PageHeading';
import { SectionPage } from '@/components/SectionPage';
import { useRealtimeChannel } from '@/realtime/useRealtimeChannel';
import { useSessionStore } from '@/stores/sessionStore';
import { ConversationBody } from './ConversationBody';
import { customerChatChannel } from './channels';
import { useConversation } from './useConversation';

/** `/main/chat` (SPEC §2 Chat): the customer's conversation with support. */
export function ChatPage() {
  const { t } = useTranslation('account');
  const user = useSessionStore((s) => s.user);
  if (user?.role === 'staff') {
    return (
      <SectionPage title={t('chat.title')}>
        <p className="text-muted-foreground text-sm">
          <Trans
            t={t}
            i18nKey="chat.staffOnly"
            components={{
              link: <Link to="/admin/chat" className="text-primary underline-offset-4 hover:underline" />,
            }}
          />
        </p>
      </SectionPage>
    );
  }
  return <CustomerChat userId={user?.id ?? null} />;
}

function CustomerChat({ userId }: { userId: number | null }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  useRealtimeChannel(userId === null ? null : customerChatChannel(userId));
  const conversation = useConversation({
    customerId: userId ?? 0,
    side: 'customer',
    enabled: userId !== null,
    // Everything from support is read now: the unread alert has nothing to count.
    onMarkedRead: () => client.setQueryData(chatKeys.unreadCount, 0),
  });

  return (
    <section
      aria-label={t('chat.title')}
      className="flex h-[calc(100dvh-8.6rem)] min-h-[26rem] flex-col md:h-[calc(100dvh-6rem)] overflow-hidden rounded-xl border bg-card shadow-sm"
    >
      <header className="flex items-center gap-3 border-b px-4 py-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
          <Headset className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <PageHeading title={t('chat.title')} className="text-base leading-tight" />
          <p className="truncate text-muted-foreground text-xs">{t('chat.intro')}</p>
        </div>
      </header>
      <ConversationBody conversation={conversation} side="customer" viewerId={userId} />
    </section>
  );
}
