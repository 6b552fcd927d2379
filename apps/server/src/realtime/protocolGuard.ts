import { type ProtocolRefusal, protocolRefusal } from '@openbroker/domain';

interface Handshaking {
  handshake: { auth: Record<string, unknown> };
}

/**
 * Socket.IO middleware for every namespace: a handshake without `auth.protocol` equal to the
 * domain's PROTOCOL_VERSION is refused, so the client gets a `connect_error` telling its user
 * to reload instead of a connection whose frames it would misread. Passes nothing on success.
 */
export function refuseOtherProtocols(socket: Handshaking): (Error & { data: ProtocolRefusal }) | undefined {
  const refusal = protocolRefusal(socket.handshake.auth.protocol);
  if (!refusal) return undefined;
  return Object.assign(new Error(refusal.message), { data: refusal });
}
