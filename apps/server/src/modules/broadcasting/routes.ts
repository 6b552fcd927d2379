import {
  broadcastingAuthResponseSchema,
  broadcastingAuthSchema,
  type Channel,
  parseChannel,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, validationError } from '../../errors.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { staffCan } from '../staff/policy.ts';
import { signChannel } from './signature.ts';

/**
 * Who may listen where (SPEC §6, DESIGN §5): customers their own channels, staff any customer's chat,
 * the all-conversations `chat.staff` and the back office's `admin`.
 */
function mayListen(
  user: Pick<UserRow, 'id' | 'role' | 'staffRoles'>,
  channel: Exclude<Channel, { kind: 'public' }>,
): boolean {
  if (channel.kind === 'chat.staff') return staffCan(user, 'chat.read');
  // The back office's refresh events carry only a scope and an id: any staff member may hear them.
  if (channel.kind === 'admin') return user.role === 'staff';
  if (channel.kind === 'chat.customer') return staffCan(user, 'chat.read') || channel.id === user.id;
  if (channel.id !== user.id) return false;
  return user.role === 'customer' || channel.kind !== 'trade';
}

/** Signs a private channel for the caller's socket, so realtime nodes can check it without a database. */
export const broadcastingRoutes =
  (deps: { secret: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/broadcasting/auth',
      {
        preValidation: signedInOnly,
        schema: {
          tags: ['realtime'],
          summary: 'Authorize a socket to subscribe to a private channel',
          body: broadcastingAuthSchema,
          response: { 200: broadcastingAuthResponseSchema },
        },
      },
      async (request) => {
        const { user, sessionId } = requireAuth(request);
        const { socket_id, channel_name } = request.body;
        const channel = parseChannel(channel_name);
        if (!channel || channel.kind === 'public') {
          throw validationError({
            channel_name: [
              channel
                ? 'Public channels need no authorization.'
                : 'Unknown channel. Expected notification.{id}, user.{id}, trade.{id} or chat.customer.{id}.',
            ],
          });
        }
        if (!mayListen(user, channel)) {
          throw new AppError('FORBIDDEN', `You are not allowed to listen on ${channel.name}.`);
        }
        return { auth: signChannel(deps.secret, socket_id, channel.name, { userId: user.id, sessionId }) };
      },
    );
  };
