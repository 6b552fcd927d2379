import { centsToAmount, isStaffRole, permissionsOf, type User } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { hasRunningAutoTrader, ownedAdvisorIds } from '../advisors/repo.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { pageOfNotifications, presentNotification, unreadNotificationCount } from '../notifications/repo.ts';
import { accountsOf, findPlan, type TradingAccountRow } from './repo.ts';

/** Seen within this long counts as online: the client beats every 60 s (SPEC §9). */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

function presentAccount(a: TradingAccountRow) {
  return {
    id: a.id,
    number: a.number,
    title: a.title,
    type: a.kind,
    currency: a.currency,
    balance: centsToAmount(a.balanceCents),
    credit_balance: centsToAmount(a.creditCents),
  };
}

/**
 * SPEC §3 User as the client reads it. Built field by field from the row, so a password hash or a
 * token can never leak through it.
 */
export async function presentUser(db: Db, row: UserRow, now: Date, selectedAccountIndex = 0): Promise<User> {
  const customer = row.role === 'customer';
  const [accounts, plan, unread, latest, owned, autotrader] = await Promise.all([
    accountsOf(db, row.id),
    findPlan(db, row.planId),
    unreadNotificationCount(db, row.id),
    pageOfNotifications(db, row.id, 1),
    customer ? ownedAdvisorIds(db, row.id) : Promise.resolve([]),
    customer ? hasRunningAutoTrader(db, row.id) : Promise.resolve(false),
  ]);
  // SPEC §6: an advisor is usable when the customer owns it and their plan includes it.
  const included = new Set(plan?.eas ?? []);
  const index = Math.min(Math.max(0, selectedAccountIndex), Math.max(0, accounts.length - 1));
  const selected = accounts[index];
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    username: row.username,
    avatar: row.avatar,
    role: row.role,
    status: row.status,
    account_id: selected?.number ?? null,
    is_online: row.lastSeenAt !== null && now.getTime() - row.lastSeenAt.getTime() < ONLINE_WINDOW_MS,
    // The bell's unread notifications; unread chat has its own call (GET /chat/unread-count, SPEC §7).
    unread_count: unread,
    // The latest page (NOTIFICATIONS_PAGE_SIZE), newest first; older ones via GET /notifications.
    notifications: latest.rows.map(presentNotification),
    balance: selected ? centsToAmount(selected.balanceCents) : 0,
    credit_balance: selected ? centsToAmount(selected.creditCents) : 0,
    accounts: accounts.map(presentAccount),
    selectedAccountIndex: index,
    account_type: plan
      ? {
          id: plan.id,
          title: plan.title,
          color: plan.color,
          icon: plan.icon,
          image: plan.image,
          leverage: plan.leverage,
        }
      : null,
    // SPEC §3 "approved and running": an AutoTrader run trading for the customer now (staff approved
    // it, and neither the customer, staff nor a risk limit has stopped it since).
    autotrader,
    eas: owned.filter((id) => included.has(id)),
    staff_roles: row.role === 'staff' ? row.staffRoles.filter(isStaffRole) : [],
    permissions: row.role === 'staff' ? permissionsOf(row.staffRoles) : [],
  };
}
