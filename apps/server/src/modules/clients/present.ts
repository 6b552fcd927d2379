import {
  type ClientActivity,
  type ClientMoneyEntry,
  type ClientNote,
  type ClientRow,
  centsToAmount,
} from '@openbroker/domain';
import type { UserRow } from '../auth/sessionRepo.ts';
import type { ActivityRow } from './activityRepo.ts';
import type { ClientListRow } from './listRepo.ts';
import type { NoteWithAuthor } from './notesRepo.ts';

const name = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function isOnline(lastSeenAt: Date | null, onlineSince: Date): boolean {
  return lastSeenAt !== null && lastSeenAt.getTime() > onlineSince.getTime();
}

export function presentClientRow(r: ClientListRow, onlineSince: Date): ClientRow {
  return {
    id: r.id,
    name: name(r.firstName, r.lastName, r.email),
    email: r.email,
    status: r.status,
    plan:
      r.planId !== null && r.planTitle !== null
        ? { id: r.planId, title: r.planTitle, color: r.planColor ?? '' }
        : null,
    accounts: r.accounts.map((a) => ({
      id: a.id,
      number: a.number,
      currency: a.currency,
      balance: centsToAmount(BigInt(a.balance_cents)),
      credit: centsToAmount(BigInt(a.credit_cents)),
    })),
    balance: centsToAmount(r.balanceCents),
    credit: centsToAmount(r.creditCents),
    created_at: r.createdAt.toISOString(),
    last_seen_at: iso(r.lastSeenAt),
    online: isOnline(r.lastSeenAt, onlineSince),
  };
}

/** Every field of the user staff may see, picked one by one (never the password hash). */
export function presentProfile(u: UserRow, onlineSince: Date) {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    phone: u.phone,
    country_code: u.countryCode,
    country: u.country,
    nationality: u.nationality,
    avatar: u.avatar,
    status: u.status,
    autotrader: u.autotrader,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    last_seen_at: iso(u.lastSeenAt),
    online: isOnline(u.lastSeenAt, onlineSince),
  };
}

export function presentNote(n: NoteWithAuthor): ClientNote {
  return {
    id: n.id,
    body: n.body,
    author: { id: n.authorId, name: n.authorName },
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
  };
}

export function presentMoney(r: {
  id: number;
  accountId: number | null;
  accountNumber: string;
  currency: string;
  field: 'balance' | 'credit';
  amountCents: bigint;
  kind: string;
  reason: string;
  tradeId: number | null;
  createdBy: number | null;
  creatorName: string | null;
  createdAt: Date;
}): ClientMoneyEntry {
  return {
    id: r.id,
    account_id: r.accountId ?? 0,
    account_number: r.accountNumber,
    currency: r.currency,
    field: r.field,
    amount: centsToAmount(r.amountCents),
    kind: r.kind,
    reason: r.reason,
    trade_id: r.tradeId,
    created_by: r.createdBy === null ? null : { id: r.createdBy, name: r.creatorName ?? `#${r.createdBy}` },
    created_at: r.createdAt.toISOString(),
  };
}

/** Words for the audit actions a client's timeline shows most; others show their action name. */
const AUDIT_SUMMARIES: Record<string, string> = {
  'client.approve': 'Approved the client',
  'client.hold': 'Put the client on hold',
  'client.deactivate': 'Deactivated the client',
  'client.reactivate': 'Reactivated the client',
  'client.login_link': 'Made a one-time login link',
  'client.plan': 'Changed the plan',
  'money.adjust': 'Adjusted the account',
  'approval.request': 'Asked for a second approval',
  'approval.approve': 'Approved a request',
  'approval.reject': 'Rejected a request',
  'approval.cancel': 'Withdrew a request',
  'trade.close': 'Closed a position',
  'note.delete': 'Deleted a note',
};

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A timeline row in words; `instrument` names a trade's instrument and its price digits. */
export function presentActivity(
  r: ActivityRow,
  actorName: (id: number) => string,
  instrument: (assetId: number) => { name: string; decimals: number },
): ClientActivity {
  const d = r.details;
  let summary: string;
  if (r.source === 'audit') {
    const base = AUDIT_SUMMARIES[r.action] ?? r.action;
    const reason = str(d.reason);
    summary = reason ? `${base}: ${reason}` : base;
  } else if (r.source === 'login') {
    summary = `Signed in${str(d.ip) ? ` from ${str(d.ip)}` : ''}`;
  } else {
    const i = instrument(Number(d.asset_id));
    const price = typeof d.price === 'number' ? d.price.toFixed(i.decimals) : '—';
    const what = `${str(d.side)} ${str(d.lots)} ${i.name}`;
    summary =
      r.source === 'trade_open'
        ? `Opened ${what} at ${price}`
        : `Closed ${what} at ${price}${d.close_reason ? ` (${str(d.close_reason)})` : ''}`;
  }
  return {
    id: `${r.source}:${r.ref}`,
    source: r.source,
    at: new Date(r.at_ms).toISOString(),
    action: r.action,
    actor: r.actor_id === null ? null : { id: r.actor_id, name: actorName(r.actor_id) },
    summary,
    details: d,
  };
}
