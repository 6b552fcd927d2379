import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { SideSheet } from '@/components/ui/SideSheet';
import { staffChatChannel } from '@/features/chat/channels';
import { useRealtimeChannel } from '@/realtime/useRealtimeChannel';
import { useSessionStore } from '@/stores/sessionStore';
import { ConversationPane, NoConversation } from './ConversationPane';
import { UserList } from './UserList';
import { useChatUsers, useLiveChatUsers } from './useChatUsers';
import { useMediaQuery } from './useMediaQuery';

/** SPEC §9 breakpoint: below it the user list is a slide-in drawer. */
const WIDE = '(min-width: 768px)';

/**
 * `/admin/chat` (SPEC §2 Admin Chat): support staff talk to customers, inside the back office's
 * shell (which provides the page's frame, navigation and sign-out).
 */
export function AdminChatPage() {
  const { t } = useTranslation('account');
  const user = useSessionStore((s) => s.user);
  return (
    <AdminPage title={t('adminChat.title')}>
      {user?.role === 'staff' ? (
        <AdminChat staffId={user.id} />
      ) : (
        <p className="text-muted-foreground text-sm">{t('adminChat.staffOnly')}</p>
      )}
    </AdminPage>
  );
}

function AdminChat({ staffId }: { staffId: number }) {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('customer'));
  const users = useChatUsers(true);
  const selected = users.data?.find((u) => u.id === requested) ?? null;
  const wide = useMediaQuery(WIDE);
  const [drawerOpen, setDrawerOpen] = useState(selected === null && !params.has('customer'));

  // Every conversation's events arrive on the one staff channel (none per customer: no duplicates).
  useRealtimeChannel(staffChatChannel);
  useLiveChatUsers(selected?.id ?? null);

  const select = (id: number) => {
    setParams({ customer: String(id) }, { replace: true });
    setDrawerOpen(false);
  };
  const list = (
    <UserList
      users={users.data}
      failing={users.failureCount > 0 && users.fetchStatus === 'fetching'}
      selectedId={selected?.id ?? null}
      onSelect={select}
    />
  );
  const onShowUsers = wide ? null : () => setDrawerOpen(true);

  return (
    // The shell's header, padding and the page heading take about 10 rem of the viewport.
    <div className="flex h-[calc(100dvh-10rem)] min-h-[28rem] overflow-hidden rounded-xl border bg-card shadow-sm">
      {wide ? (
        <aside aria-label={t('adminChat.customers')} className="flex w-80 shrink-0 flex-col border-e lg:w-96">
          {list}
        </aside>
      ) : (
        <SideSheet
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          title={t('adminChat.customers')}
          closeLabel={t('adminChat.closeUsers')}
          testId="admin-chat-drawer"
          className="w-80 max-w-[88vw]"
        >
          <div className="min-h-0 flex-1">{list}</div>
        </SideSheet>
      )}
      <section aria-label={t('adminChat.conversation')} className="flex min-w-0 flex-1 flex-col">
        {selected ? (
          <ConversationPane key={selected.id} user={selected} staffId={staffId} onShowUsers={onShowUsers} />
        ) : (
          <NoConversation onShowUsers={onShowUsers} />
        )}
      </section>
    </div>
  );
}
