import { REALTIME_NAMESPACE, type SessionRevoked } from '@openbroker/domain';
import type { Server } from 'socket.io';
import type { ChannelHolder } from '../modules/broadcasting/signature.ts';
import type { Bus } from './bus.ts';
import type { RealtimeNamespace } from './realtimeNamespace.ts';

/** Does ending these sessions concern a socket authorised by `holder`? */
export function revokes(event: Omit<SessionRevoked, 'reason'>, holder: ChannelHolder): boolean {
  if (holder.userId !== event.userId) return false;
  if (event.exceptSessionId === holder.sessionId) return false;
  return event.sessionIds === undefined || event.sessionIds.includes(holder.sessionId);
}

/**
 * Ends the sockets of ended sessions on this node. Every private subscription records the session
 * that signed it (broadcasting/signature.ts), so a socket is found whatever it listens on, a chat
 * channel alone included. Each node hears the bus event and drops its own (`local`) sockets; a
 * reconnect then finds the session revoked and is signed nothing.
 */
export function attachRevocation(io: Server, bus: Bus): () => void {
  const nsp: RealtimeNamespace = io.of(REALTIME_NAMESPACE);
  const drop = (event: Omit<SessionRevoked, 'reason'>) => {
    for (const socket of nsp.sockets.values()) {
      if (socket.data.holders?.some((holder) => revokes(event, holder))) socket.disconnect(true);
    }
  };
  const offs = [
    bus.subscribe('session.revoked', drop),
    // Deactivation ends every session of the user (admin and staff modules publish this).
    bus.subscribe('user.revoked', ({ userId }) => drop({ userId })),
  ];
  return () => {
    for (const off of offs) off();
  };
}
