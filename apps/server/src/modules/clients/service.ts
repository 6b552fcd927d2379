import type { ClientCard, ClientListQuery, ClientNote, Permission } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { presentTrade } from '../trading/present.ts';
import type { TradingReads } from '../trading/reads.ts';
import type { TradeRow } from '../trading/repo.ts';
import { ONLINE_WINDOW_MS } from '../users/presentUser.ts';
import { accountsOf, findPlan, findUserById, lockUser } from '../users/repo.ts';
import { pageOfActivity } from './activityRepo.ts';
import { namesOf, setCustomerPlan } from './customerRepo.ts';
import { pageOfClients } from './listRepo.ts';
import { pageOfClientLedger } from './moneyRepo.ts';
import { deleteNote, findNote, insertNote, pageOfNotes, updateNote } from './notesRepo.ts';
import { paged } from './paging.ts';
import { presentActivity, presentClientRow, presentMoney, presentNote, presentProfile } from './present.ts';
import { pageOfClientTrades } from './tradesRepo.ts';

export const CLIENT_PAGE_SIZE = 20;

/** Who acts, and what their roles allow (a note's author may edit it; deleting others' needs more). */
export type StaffActor = AuditActor & { actorId: number; can: (p: Permission) => boolean };

/** The back office's view of clients (DESIGN §12): the list, the card and its tabs, notes, plan changes. */
export function createClientsService(deps: {
  db: Db;
  clock: Clock;
  market: MarketData;
  reads: TradingReads;
  audit: AuditService;
  bus: Bus;
}) {
  const { db, clock, market } = deps;
  const onlineSince = () => new Date(clock.now().getTime() - ONLINE_WINDOW_MS);

  async function customer(id: number): Promise<UserRow> {
    const row = await findUserById(db, id);
    if (row?.role !== 'customer') throw new AppError('NOT_FOUND', 'No client with that id.');
    return row;
  }

  async function ownNote(customerId: number, noteId: number) {
    const note = await findNote(db, customerId, noteId);
    if (!note) throw new AppError('NOT_FOUND', 'No such note.');
    return note;
  }

  return {
    async list(q: ClientListQuery) {
      const since = onlineSince();
      const { rows, total } = await pageOfClients(db, q, since);
      return paged(
        rows.map((r) => presentClientRow(r, since)),
        total,
        q.page,
        q.per_page,
        '/admin/clients',
        q,
      );
    },

    /** The card: profile, plan and each account valued as the customer's own summary values it. */
    async card(id: number): Promise<ClientCard> {
      const user = await customer(id);
      const [accounts, plan] = await Promise.all([accountsOf(db, id), findPlan(db, user.planId)]);
      const summaries = await Promise.all(accounts.map((a) => deps.reads.summary(id, a.id)));
      return {
        profile: presentProfile(user, onlineSince()),
        plan: plan ? { id: plan.id, title: plan.title, color: plan.color, leverage: plan.leverage } : null,
        accounts: accounts.map((a, i) => {
          const s = summaries[i];
          if (!s) throw new Error('account summary missing');
          return { ...s, number: a.number, title: a.title, created_at: a.createdAt.toISOString() };
        }),
      };
    },

    async trades(id: number, q: { status: TradeRow['status']; account_id?: number; page: number }) {
      await customer(id);
      const { rows, total } = await pageOfClientTrades(
        db,
        id,
        [q.status],
        q.account_id,
        q.page,
        CLIENT_PAGE_SIZE,
      );
      return paged(
        rows.map((r) => presentTrade(r.trade, market, r.currency)),
        total,
        q.page,
        CLIENT_PAGE_SIZE,
        `/admin/clients/${id}/trades`,
        q,
      );
    },

    async money(id: number, page: number) {
      await customer(id);
      const { rows, total } = await pageOfClientLedger(db, id, page, CLIENT_PAGE_SIZE);
      return paged(rows.map(presentMoney), total, page, CLIENT_PAGE_SIZE, `/admin/clients/${id}/money`);
    },

    async activity(id: number, page: number) {
      await customer(id);
      const { rows, total } = await pageOfActivity(db, id, page, CLIENT_PAGE_SIZE);
      const names = await namesOf(
        db,
        rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])),
      );
      const data = rows.map((r) =>
        presentActivity(
          r,
          (actor) => names.get(actor) ?? `#${actor}`,
          (asset) => {
            const i = market.instrument(asset);
            return { name: i?.symbolDisplay ?? `#${asset}`, decimals: i?.decimals ?? 5 };
          },
        ),
      );
      return paged(data, total, page, CLIENT_PAGE_SIZE, `/admin/clients/${id}/activity`);
    },

    async notes(id: number, page: number) {
      await customer(id);
      const { rows, total } = await pageOfNotes(db, id, page, CLIENT_PAGE_SIZE);
      return paged(rows.map(presentNote), total, page, CLIENT_PAGE_SIZE, `/admin/clients/${id}/notes`);
    },

    /** Notes are staff working papers, not audit events: adding or editing one is not recorded. */
    async addNote(id: number, body: string, actor: StaffActor): Promise<ClientNote> {
      await customer(id);
      const row = await insertNote(db, { customerId: id, authorId: actor.actorId, body });
      deps.bus.publish('admin.changed', { scope: 'clients', id: String(id) });
      return presentNote(await ownNote(id, row.id));
    },

    async editNote(id: number, noteId: number, body: string, actor: StaffActor): Promise<ClientNote> {
      const note = await ownNote(id, noteId);
      if (note.authorId !== actor.actorId) {
        throw new AppError('FORBIDDEN', 'Only the author of a note can edit it.');
      }
      await updateNote(db, noteId, body, clock.now());
      deps.bus.publish('admin.changed', { scope: 'clients', id: String(id) });
      return presentNote(await ownNote(id, noteId));
    },

    /**
     * Deleting is recorded (`note.delete`, with the text that was removed): a note that disappears
     * could hide what staff knew. Its author may delete it, or staff who manage clients.
     */
    async deleteNote(id: number, noteId: number, actor: StaffActor): Promise<void> {
      const note = await ownNote(id, noteId);
      if (note.authorId !== actor.actorId && !actor.can('clients.manage')) {
        throw new AppError(
          'FORBIDDEN',
          'Only the author of a note, or staff who manage clients, can delete it.',
        );
      }
      await db.transaction(async (tx) => {
        if (!(await deleteNote(tx, noteId))) throw new AppError('NOT_FOUND', 'No such note.');
        await deps.audit.record(tx, actor, {
          action: 'note.delete',
          objectType: 'user',
          objectId: id,
          before: { note_id: note.id, author_id: note.authorId, body: note.body },
        });
      });
      deps.bus.publish('admin.changed', { scope: 'clients', id: String(id) });
    },

    /**
     * Moves the client to another plan (its leverage and margin-call and stop-out levels), audited.
     * The risk engine and the order path re-read plan levels on `settings.updated`.
     */
    async changePlan(id: number, planId: number, actor: AuditActor): Promise<ClientCard['plan']> {
      const plan = await findPlan(db, planId);
      if (!plan) throw validationError({ plan_id: ['No such plan'] });
      const changed = await db.transaction(async (tx) => {
        const before = await lockUser(tx, id);
        if (before?.role !== 'customer') throw new AppError('NOT_FOUND', 'No client with that id.');
        if (before.planId === planId) return false;
        const after = await setCustomerPlan(tx, id, before.planId, planId, clock.now());
        if (!after)
          throw new AppError('CONFLICT', 'The client’s plan changed meanwhile; reload and try again.');
        await deps.audit.record(tx, actor, {
          action: 'client.plan',
          objectType: 'user',
          objectId: id,
          before: { plan_id: before.planId },
          after: { plan_id: planId },
        });
        return true;
      });
      if (changed) {
        deps.bus.publish('user.updated', { userId: id });
        deps.bus.publish('settings.updated', {});
        deps.bus.publish('admin.changed', { scope: 'clients', id: String(id) });
      }
      return { id: plan.id, title: plan.title, color: plan.color, leverage: plan.leverage };
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
