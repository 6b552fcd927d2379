import { REALTIME_NAMESPACE } from '@openbroker/domain';
import type { Server } from 'socket.io';
import type { Bus } from './bus.ts';
import type { RealtimeNamespace } from './realtimeNamespace.ts';

/**
 * Channel signatures carry no session, so a deactivated user's open sockets would keep listening.
 * Only the user can sign their own `user.` / `notification.` / `trade.` channels, so a socket in
 * one of those rooms is theirs: each node disconnects its own such sockets (their reconnect then
 * finds the session revoked and signs nothing).
 */
export function attachRevocation(io: Server, bus: Bus): () => void {
  const nsp: RealtimeNamespace = io.of(REALTIME_NAMESPACE);
  return bus.subscribe('user.revoked', ({ userId }) => {
    nsp.local.in([`user.${userId}`, `notification.${userId}`, `trade.${userId}`]).disconnectSockets(true);
  });
}
