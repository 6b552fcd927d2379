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

const hmac = (secret: string, socketId: string, channel: string): Buffer =>
  createHmac('sha256', secret).update(`${socketId}:${channel}`).digest();

/** Pusher-style authorization: `<key>:<hex hmac-sha256(secret, socket_id + ':' + channel)>`. */
export function signChannel(secret: string, socketId: string, channel: string): string {
  return `${REALTIME_APP_KEY}:${hmac(secret, socketId, channel).toString('hex')}`;
}

/** Checks an authorization for this socket and channel, in constant time and without a database. */
export function verifyChannel(
  secret: string,
  socketId: string,
  channel: string,
  auth: string | undefined,
): boolean {
  if (!auth) return false;
  const [key, hex, ...rest] = auth.split(':');
  if (key !== REALTIME_APP_KEY || !hex || rest.length > 0 || !/^[0-9a-f]{64}$/.test(hex)) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), hmac(secret, socketId, channel));
}
