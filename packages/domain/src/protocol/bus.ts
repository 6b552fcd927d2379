import type { Side } from '../orders/side.ts';
import type { ChatMessage, ChatReadEvent } from '../schemas/chat.ts';
import type { NotificationColor, SiteNotice } from '../schemas/notifications.ts';
import type { OrderType, TradeStatus } from '../schemas/trading.ts';

/**
 * The bus's event catalogue (DESIGN §1, §5): every topic that crosses roles and, with Redis, nodes.
 * Payloads travel as JSON between nodes, so they hold only numbers, strings, booleans and null
 * (no Date, no bigint): money is in cents as `number`, times are ms since the epoch.
 */

/** One price observation: the mid rate of an instrument at a moment (SPEC §3 "rate"). */
export interface PriceTick {
  assetId: number;
  price: number;
  /** Milliseconds since the epoch. */
  at: number;
  /** Traded volume the tick stands for (simulated or from the vendor). */
  volume: number;
}

/**
 * What the risk engine needs of an account, as of `revision` (bumped under the account's lock by
 * every change), so snapshots arriving out of order (across nodes) are applied in order.
 */
export interface AccountSnapshot {
  id: number;
  userId: number;
  currency: string;
  balanceCents: number;
  creditCents: number;
  revision: number;
  marginCallLevel: number;
  stopOutLevel: number;
}

/** A trade (open position or pending order) as the risk engine indexes it. */
export interface TradeSnapshot {
  id: number;
  accountId: number;
  assetId: number;
  side: Side;
  orderType: OrderType;
  status: TradeStatus;
  units: number;
  openingPrice: number | null;
  entryPrice: number | null;
  marginCents: number;
  stopLoss: number | null;
  takeProfit: number | null;
  /** Ms since the epoch; null when the order does not expire. */
  expiresAt: number | null;
  /** The account revision this state was written at. */
  revision: number;
}

/** A stored notification as the bus carries it (SPEC §3 Notification, without its times). */
export interface BusNotification {
  id: number;
  userId: number;
  title: string;
  message: string;
  color: NotificationColor;
}

/** Everything that crosses roles (and, with Redis, nodes): topic → payload. */
export interface BusEvents {
  /** A batch of ticks from the feed (one publish per feed step, not per tick). */
  'price.ticks': PriceTick[];
  'trade.updated': { userId: number; tradeId: number };
  'user.updated': { userId: number };
  /**
   * A balance of the account changed (deposit, trade result, fee, adjustment…): published once,
   * after the transaction commits, for every such change.
   */
  'account.changed': { userId: number; accountId: number };
  /** The user was deactivated: every node drops the sockets listening on their channels. */
  'user.revoked': { userId: number };
  /**
   * Sessions of a user ended (logout, password change or reset, 2FA reset, "sign out others"):
   * every node disconnects the sockets those sessions authorised. No `sessionIds` means all of the
   * user's sessions; `exceptSessionId` spares the sockets of the session that asked.
   */
  'session.revoked': SessionRevoked;
  /** A stored notification for a user (SPEC §3), to push to their channel. */
  'notification.created': { userId: number; notification: BusNotification };
  /** After every trading or ledger change: the account and trades as committed, for the risk engine. */
  'risk.sync': { account: AccountSnapshot; trades: TradeSnapshot[] };
  /** A chat message was stored: to `chat.customer.{customerId}` and `chat.staff` (SPEC §7 message.sent). */
  'chat.sent': { message: ChatMessage };
  /** Messages of a conversation were read: to the same channels (SPEC §7 message.read). */
  'chat.read': ChatReadEvent;
  /** Staff sent a site-wide notice: to the public notices channel on every node. */
  'notice.public': SiteNotice & { id: string };
  /** Staff changed site settings (category leverage): caches drop them. */
  'settings.updated': Record<string, never>;
  /**
   * Staff changed or added instruments (spreads, leverage, hours, enabled…): every node reloads
   * them from the database into its market, feed and price sockets, without a restart.
   */
  'instruments.updated': { ids: number[] };
  /**
   * Something staff see changed (a client, the approvals queue, settings, instruments…): open
   * back-office screens of that scope refetch, on every node (DESIGN §12).
   */
  'admin.changed': AdminChange;
  /**
   * An Expert Advisor or AutoTrader run started or stopped (DESIGN §13), on whichever node's API:
   * the node holding `bots` picks a new run up, or drops a stopped one, without a restart.
   */
  'advisor.run': { runId: number; status: 'running' | 'stopped' };
  /** The risk engine stopped out an account (positions closed at the stop-out level): its runs stop. */
  'account.stopped_out': { userId: number; accountId: number };
}

/** Why sessions ended (kept in logs; the sockets are dropped the same way for each). */
export const SESSION_END_REASONS = [
  'logout',
  'password_change',
  'password_reset',
  'two_factor_reset',
  'deactivated',
  'signed_out_elsewhere',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export interface SessionRevoked {
  userId: number;
  sessionIds?: number[];
  exceptSessionId?: number;
  reason: SessionEndReason;
}

/** Which back-office data changed: `scope` names the area (its query keys), `id` the object if one. */
export interface AdminChange {
  scope: AdminScope;
  id?: string;
}
export const ADMIN_SCOPES = [
  'clients',
  'approvals',
  'settings',
  'instruments',
  'plans',
  'content',
  'staff',
  'audit',
  'dashboard',
  'verification',
  'deposits',
  'withdrawals',
] as const;
export type AdminScope = (typeof ADMIN_SCOPES)[number];
export type BusTopic = keyof BusEvents;

/** Every topic, as a record so a topic added to BusEvents without being listed here fails to compile. */
const TOPIC_SET: Record<BusTopic, true> = {
  'price.ticks': true,
  'trade.updated': true,
  'user.updated': true,
  'account.changed': true,
  'user.revoked': true,
  'session.revoked': true,
  'notification.created': true,
  'risk.sync': true,
  'chat.sent': true,
  'chat.read': true,
  'notice.public': true,
  'settings.updated': true,
  'instruments.updated': true,
  'admin.changed': true,
  'advisor.run': true,
  'account.stopped_out': true,
};
/** Every bus topic (a transport such as Redis subscribes to each). */
export const BUS_TOPICS: readonly BusTopic[] = Object.keys(TOPIC_SET).filter(
  (t): t is BusTopic => t in TOPIC_SET,
);
