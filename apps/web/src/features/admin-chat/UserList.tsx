import type { ChatUser } from '@openbroker/domain';
import * as Tabs from '@radix-ui/react-tabs';
import { Paperclip } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '@/components/ui/SearchInput';
import { Spinner } from '@/components/ui/Spinner';
import { useRovingFocus } from '@/lib/useRovingFocus';
import { cn } from '@/lib/utils';
import { displayName, filterUsers, initials, lastMessageTime, USER_TABS, type UserTab } from './chatUsers';

export interface UserListProps {
  users: readonly ChatUser[] | undefined;
  /** A load is failing and being retried (SPEC §8 'Failed to load users. Retrying...'). */
  failing: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

const isTab = (value: string): value is UserTab => (USER_TABS as readonly string[]).includes(value);

/**
 * SPEC §2 Admin Chat: the searchable user list with the All / Online / Unread tabs. The list is one
 * Tab stop: arrows move between customers, Enter opens one.
 */
export function UserList({ users, failing, selectedId, onSelect }: UserListProps) {
  const { t } = useTranslation('account');
  const [tab, setTab] = useState<UserTab>('all');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterUsers(users ?? [], tab, search), [users, tab, search]);
  const unreadUsers = users?.filter((u) => u.unread_count > 0).length ?? 0;
  const roving = useRovingFocus<HTMLDivElement>(shown.length, {
    onActivate: (index) => {
      const user = shown[index];
      if (user) onSelect(user.id);
    },
  });

  let body: ReactNode;
  if (users === undefined) {
    body = failing ? (
      <p role="alert" className="p-6 text-center text-destructive text-sm">
        {t('adminChat.usersFailed')}
      </p>
    ) : (
      <p className="flex items-center justify-center gap-2 p-6 text-muted-foreground text-sm">
        <Spinner aria-hidden="true" />
        {t('adminChat.loadingUsers')}
      </p>
    );
  } else if (shown.length === 0) {
    body = <p className="p-6 text-center text-muted-foreground text-sm">{t('adminChat.noUsers')}</p>;
  } else {
    body = (
      <div
        role="listbox"
        aria-label={t('adminChat.customers')}
        className="flex flex-col"
        {...roving.containerProps}
      >
        {shown.map((u, i) => (
          <UserRow
            key={u.id}
            user={u}
            selected={u.id === selectedId}
            onSelect={() => onSelect(u.id)}
            itemProps={roving.itemProps(i)}
          />
        ))}
      </div>
    );
  }

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        if (isTab(value)) setTab(value);
      }}
      className="flex h-full min-h-0 flex-col"
    >
      <div className="flex flex-col gap-3 border-b p-3">
        <SearchInput
          aria-label={t('adminChat.searchUsers')}
          placeholder={t('adminChat.searchPlaceholder')}
          value={search}
          onValueChange={setSearch}
        />
        <Tabs.List
          aria-label={t('adminChat.filterUsers')}
          className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1"
        >
          {USER_TABS.map((id) => (
            <Tabs.Trigger
              key={id}
              value={id}
              // Radix selects on mouse down; a click (a tap, an assistive tool) selects too.
              onClick={() => setTab(id)}
              className={cn(
                'flex items-center justify-center gap-1.5 rounded-md px-2 py-1 font-medium text-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                tab === id
                  ? 'bg-background text-foreground shadow-xs'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t(`adminChat.tabs.${id}`)}
              {id === 'unread' && unreadUsers > 0 ? (
                <span
                  aria-hidden="true"
                  className="rounded-full bg-primary px-1.5 text-primary-foreground text-xs leading-4"
                >
                  {unreadUsers}
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </div>
      {failing && users !== undefined ? (
        <p role="alert" className="border-b bg-destructive/10 px-3 py-1.5 text-destructive text-xs">
          {t('adminChat.usersFailed')}
        </p>
      ) : null}
      {USER_TABS.map((id) => (
        <Tabs.Content key={id} value={id} className="min-h-0 flex-1 overflow-y-auto outline-none">
          {body}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function UserRow({
  user: u,
  selected,
  onSelect,
  itemProps,
}: {
  user: ChatUser;
  selected: boolean;
  onSelect: () => void;
  itemProps: ReturnType<ReturnType<typeof useRovingFocus>['itemProps']>;
}) {
  const { t } = useTranslation('account');
  const preview = u.last_message?.trim() ?? '';
  return (
    <button
      type="button"
      role="option"
      data-testid="admin-chat-user"
      data-user-id={u.id}
      aria-selected={selected}
      onClick={onSelect}
      {...itemProps}
      className={cn(
        'flex w-full items-center gap-3 border-b px-3 py-2.5 text-start last:border-b-0 outline-none transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        selected && 'bg-accent',
      )}
    >
      <span className="relative shrink-0">
        <span className="flex size-9 items-center justify-center rounded-full bg-primary/15 font-semibold text-foreground text-xs">
          {initials(u)}
        </span>
        <span
          data-testid="admin-chat-online-dot"
          data-online={u.is_online ? 'true' : 'false'}
          title={u.is_online ? t('adminChat.online') : t('adminChat.offline')}
          className={cn(
            'absolute end-0 bottom-0 size-2.5 rounded-full ring-2 ring-card',
            u.is_online ? 'bg-success' : 'bg-muted-foreground',
          )}
        />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline gap-2">
          <span className={cn('truncate text-sm', u.unread_count > 0 && 'font-semibold')}>
            {displayName(u)}
          </span>
          <span className="ms-auto shrink-0 text-muted-foreground text-xs">
            {lastMessageTime(u.last_message_at)}
          </span>
        </span>
        <span className="flex items-center gap-2">
          <span className="flex min-w-0 items-center gap-1 truncate text-muted-foreground text-xs">
            {preview === '' && u.last_message_at !== null ? (
              <>
                <Paperclip className="size-3 shrink-0" aria-hidden="true" />
                {t('adminChat.attachment')}
              </>
            ) : (
              <span className="truncate">{preview || u.email}</span>
            )}
          </span>
          {u.unread_count > 0 ? (
            <>
              <span
                data-testid="admin-chat-unread-badge"
                className="ms-auto flex h-4 min-w-4 shrink-0 items-center justify-center rounded-full bg-primary px-1 font-semibold text-primary-foreground text-xs leading-none"
              >
                {u.unread_count > 99 ? '99+' : u.unread_count}
              </span>
              <span className="sr-only">{t('adminChat.unread')}</span>
            </>
          ) : null}
        </span>
      </span>
    </button>
  );
}
