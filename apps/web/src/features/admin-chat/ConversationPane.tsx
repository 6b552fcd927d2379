import type { ChatUser } from '@openbroker/domain';
import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare, Users } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chatKeys } from '@/api/chat';
import { Button } from '@/components/ui/Button';
import { BackupNotice } from '@/features/chat/BackupNotice';
import { ConversationBody } from '@/features/chat/ConversationBody';
import { useConversation } from '@/features/chat/useConversation';
import { cn } from '@/lib/utils';
import { ConnectionLabel } from './ConnectionLabel';
import { displayName, initials } from './chatUsers';
import { updateChatUser } from './useChatUsers';

interface PaneProps {
  /** Below 768 px the list is a drawer; this opens it. Null on wide screens. */
  onShowUsers: (() => void) | null;
}

function ShowUsersButton({ onShowUsers }: PaneProps) {
  const { t } = useTranslation('account');
  if (!onShowUsers) return null;
  return (
    <Button variant="outline" size="sm" onClick={onShowUsers} data-testid="admin-chat-show-users">
      <Users aria-hidden="true" />
      {t('adminChat.showUsers')}
    </Button>
  );
}

function PaneHeader({ children }: { children: ReactNode }) {
  return (
    <header className="flex min-h-14 flex-wrap items-center gap-x-3 gap-y-2 border-b px-3 py-2 sm:px-4">
      {children}
    </header>
  );
}

/** SPEC §2: the right pane before anyone is chosen. */
export function NoConversation({ onShowUsers }: PaneProps) {
  const { t } = useTranslation('account');
  return (
    <div className="flex h-full min-h-0 flex-col">
      <PaneHeader>
        <ShowUsersButton onShowUsers={onShowUsers} />
        <ConnectionLabel className="ms-auto" />
      </PaneHeader>
      <BackupNotice />
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
        <MessagesSquare className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="font-medium">{t('adminChat.selectUser')}</h2>
        <p className="max-w-xs text-muted-foreground text-sm">
          {onShowUsers ? t('adminChat.hintNarrow') : t('adminChat.hintWide')}
        </p>
      </div>
    </div>
  );
}

/** SPEC §2: one customer's conversation, answered on their behalf through `customer_id`. */
export function ConversationPane({
  user,
  staffId,
  onShowUsers,
}: PaneProps & { user: ChatUser; staffId: number }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const conversation = useConversation({
    customerId: user.id,
    side: 'staff',
    onMarkedRead: () => updateChatUser(client, user.id, (u) => ({ ...u, unread_count: 0 })),
  });

  // The list's preview follows the open conversation, also when its messages come by polling.
  const last = conversation.messages.at(-1);
  const lastId = last?.id;
  const latestLast = useRef(last);
  latestLast.current = last;
  useEffect(() => {
    const newest = latestLast.current;
    if (lastId === undefined || !newest) return;
    const users = client.getQueryData<ChatUser[]>(chatKeys.users);
    const held = users?.find((u) => u.id === user.id)?.last_message_at ?? null;
    if (held !== null && Date.parse(held) >= Date.parse(newest.created_at)) return;
    updateChatUser(client, user.id, (u) => ({
      ...u,
      last_message: newest.message,
      last_message_at: newest.created_at,
    }));
  }, [client, user.id, lastId]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <PaneHeader>
        <ShowUsersButton onShowUsers={onShowUsers} />
        <span
          className={cn(
            'size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-foreground text-xs',
            onShowUsers ? 'hidden' : 'flex',
          )}
        >
          {initials(user)}
        </span>
        {/* Below 768 px the name takes a row of its own under Show Users and the connection label. */}
        <div className={cn('min-w-0 flex-1', onShowUsers && 'order-last basis-full')}>
          <h2 className="truncate font-semibold text-sm leading-tight" data-testid="admin-chat-title">
            {displayName(user)}
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
            <span className="inline-flex items-center gap-1">
              <span
                aria-hidden="true"
                className={cn('size-1.5 rounded-full', user.is_online ? 'bg-success' : 'bg-muted-foreground')}
              />
              {user.is_online ? t('adminChat.online') : t('adminChat.offline')}
            </span>
            {user.account_id ? (
              <span className="truncate">{t('adminChat.account', { id: user.account_id })}</span>
            ) : null}
          </p>
        </div>
        <ConnectionLabel className="ms-auto" />
      </PaneHeader>
      <ConversationBody conversation={conversation} side="staff" viewerId={staffId} />
    </div>
  );
}
