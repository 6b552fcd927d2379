import type { ChatUser } from '@openbroker/domain';
import { Paperclip } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { SearchInput } from '@/components/ui/SearchInput';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/utils';
import { displayName, filterUsers, initials, lastMessageTime, USER_TABS, type UserTab } from './chatUsers';
import { USERS_FAILED } from './useChatUsers';

export interface UserListProps {
  users: readonly ChatUser[] | undefined;
  /** A load is failing and being retried (SPEC §8 'Failed to load users. Retrying...'). */
  failing: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** SPEC §2 Admin Chat: the searchable user list with the All / Online / Unread tabs. */
export function UserList({ users, failing, selectedId, onSelect }: UserListProps) {
  const [tab, setTab] = useState<UserTab>('all');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterUsers(users ?? [], tab, search), [users, tab, search]);
  const unreadUsers = users?.filter((u) => u.unread_count > 0).length ?? 0;

  let body: ReactNode;
  if (users === undefined) {
    body = failing ? (
      <p role="alert" className="p-6 text-center text-destructive text-sm">
        {USERS_FAILED}
      </p>
    ) : (
      <p className="flex items-center justify-center gap-2 p-6 text-muted-foreground text-sm">
        <Spinner aria-hidden="true" />
        Loading users...
      </p>
    );
  } else if (shown.length === 0) {
    body = <p className="p-6 text-center text-muted-foreground text-sm">No users found</p>;
  } else {
    body = (
      <ul className="flex flex-col" aria-label="Customers">
        {shown.map((u) => (
          <UserRow key={u.id} user={u} selected={u.id === selectedId} onSelect={() => onSelect(u.id)} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-col gap-3 border-b p-3">
        <SearchInput
          aria-label="Search users"
          placeholder="Search name, email or account"
          value={search}
          onValueChange={setSearch}
        />
        <div
          role="tablist"
          aria-label="Filter users"
          className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1"
        >
          {USER_TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              onClick={() => setTab(t.id)}
              className={cn(
                'flex items-center justify-center gap-1.5 rounded-md px-2 py-1 font-medium text-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring/50',
                tab === t.id
                  ? 'bg-background text-foreground shadow-xs'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t.label}
              {t.id === 'unread' && unreadUsers > 0 ? (
                <span
                  aria-hidden="true"
                  className="rounded-full bg-primary px-1.5 text-[10px] text-primary-foreground leading-4"
                >
                  {unreadUsers}
                </span>
              ) : null}
            </button>
          ))}
        </div>
      </div>
      {failing && users !== undefined ? (
        <p role="alert" className="border-b bg-destructive/10 px-3 py-1.5 text-destructive text-xs">
          {USERS_FAILED}
        </p>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
    </div>
  );
}

function UserRow({
  user: u,
  selected,
  onSelect,
}: {
  user: ChatUser;
  selected: boolean;
  onSelect: () => void;
}) {
  const preview = u.last_message?.trim() ?? '';
  return (
    <li className="border-b last:border-b-0">
      <button
        type="button"
        data-testid="admin-chat-user"
        data-user-id={u.id}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        className={cn(
          'flex w-full items-center gap-3 px-3 py-2.5 text-left outline-none transition-colors hover:bg-accent focus-visible:bg-accent',
          selected && 'bg-accent',
        )}
      >
        <span className="relative shrink-0">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary text-xs">
            {initials(u)}
          </span>
          <span
            data-testid="admin-chat-online-dot"
            data-online={u.is_online ? 'true' : 'false'}
            title={u.is_online ? 'Online' : 'Offline'}
            className={cn(
              'absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-card',
              u.is_online ? 'bg-success' : 'bg-muted-foreground/50',
            )}
          />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={cn('truncate text-sm', u.unread_count > 0 && 'font-semibold')}>
              {displayName(u)}
            </span>
            <span className="ml-auto shrink-0 text-[10px] text-muted-foreground">
              {lastMessageTime(u.last_message_at)}
            </span>
          </span>
          <span className="flex items-center gap-2">
            <span className="flex min-w-0 items-center gap-1 truncate text-muted-foreground text-xs">
              {preview === '' && u.last_message_at !== null ? (
                <>
                  <Paperclip className="size-3 shrink-0" aria-hidden="true" />
                  Attachment
                </>
              ) : (
                <span className="truncate">{preview || u.email}</span>
              )}
            </span>
            {u.unread_count > 0 ? (
              <>
                <span
                  data-testid="admin-chat-unread-badge"
                  className="ml-auto flex h-4 min-w-4 shrink-0 items-center justify-center rounded-full bg-primary px-1 font-semibold text-[10px] text-primary-foreground leading-none"
                >
                  {u.unread_count > 99 ? '99+' : u.unread_count}
                </span>
                <span className="sr-only">unread</span>
              </>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}
