import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { REALTIME_APP_KEY } from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The secret that signs channel authorizations. Without APP_SECRET each process invents its own,
 * which is fine on one node but breaks as soon as the API and realtime roles run apart.
 */
export function channelSecret(appSecret: string | undefined, log: FastifyBaseLogger): string {
  if (appSecret) return appSecret;
  log.warn(
    'APP_SECRET is not set: realtime channel signatures use a per-process random secret. ' +
      'Set APP_SECRET when more than one node serves the API or realtime roles.',
  );
  return randomBytes(32).toString('hex');
}

/** The session that authorised a socket's channel: revoking it drops the socket (DESIGN §5). */
export interface ChannelHolder {
  userId: number;
  sessionId: number;
}

const hmac = (secret: string, socketId: string, channel: string, holder: ChannelHolder): Buffer =>
  createHmac('sha256', secret).update(`${socketId}:${channel}:${holder.userId}:${holder.sessionId}`).digest();

/**
 * Pusher-style authorization, `<key>:<hex hmac>:<userId>.<sessionId>`: the signature also covers who
 * asked and in which session, so a realtime node knows whose socket it is without a database and
 * can drop it when that session ends (a socket on `chat.customer.{id}` alone is found too).
 */
export function signChannel(
  secret: string,
  socketId: string,
  channel: string,
  holder: ChannelHolder,
): string {
  const hex = hmac(secret, socketId, channel, holder).toString('hex');
  return `${REALTIME_APP_KEY}:${hex}:${holder.userId}.${holder.sessionId}`;
}

/**
 * Checks an authorization for this socket and channel, in constant time and without a database;
 * returns the session it was signed for, or undefined when it is not valid.
 */
export function verifyChannel(
  secret: string,
  socketId: string,
  channel: string,
  auth: string | undefined,
): ChannelHolder | undefined {
  if (!auth) return undefined;
  const [key, hex, who, ...rest] = auth.split(':');
  if (key !== REALTIME_APP_KEY || !hex || !who || rest.length > 0 || !/^[0-9a-f]{64}$/.test(hex)) {
    return undefined;
  }
  const ids = /^([1-9][0-9]{0,14})\.([1-9][0-9]{0,14})$/.exec(who);
  if (!ids) return undefined;
  const holder = { userId: Number(ids[1]), sessionId: Number(ids[2]) };
  const valid = timingSafeEqual(Buffer.from(hex, 'hex'), hmac(secret, socketId, channel, holder));
  return valid ? holder : undefined;
}
