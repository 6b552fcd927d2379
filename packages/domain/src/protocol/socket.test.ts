import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CandleSubscription, PriceSocketError } from './prices.ts';
import {
  PROTOCOL_VERSION,
  type PricesClientEvents,
  type PricesServerEvents,
  protocolRefusal,
  type RealtimeClientEvents,
  type RealtimeServerEvents,
} from './socket.ts';

describe('socket protocol (DESIGN §5)', () => {
  it('accepts exactly this version and tells anything else to reload', () => {
    expect(protocolRefusal(PROTOCOL_VERSION)).toBeNull();
    expect(protocolRefusal(0)).toEqual({
      code: 'UNSUPPORTED_PROTOCOL',
      message: `Unsupported protocol version 0; this server speaks ${PROTOCOL_VERSION}. Reload the page.`,
      supported: PROTOCOL_VERSION,
    });
    expect(protocolRefusal(undefined)?.message).toMatch(/^Unsupported protocol version none;/);
    expect(protocolRefusal(String(PROTOCOL_VERSION))?.code).toBe('UNSUPPORTED_PROTOCOL');
    expect(protocolRefusal({ toString: () => 'x'.repeat(500) })?.message).toMatch(/version none;/);
  });

  it('derives Socket.IO event maps from the message unions', () => {
    expectTypeOf<PricesClientEvents['subscribe:all']>().toEqualTypeOf<() => void>();
    expectTypeOf<PricesClientEvents['subscribe:candles']>().toEqualTypeOf<
      (payload: CandleSubscription) => void
    >();
    expectTypeOf<PricesServerEvents['data:error']>().toEqualTypeOf<(payload: PriceSocketError) => void>();
    expectTypeOf<Parameters<RealtimeClientEvents['subscribe']>[1]>().parameter(0).toHaveProperty('ok');
    expectTypeOf<Parameters<RealtimeServerEvents['trade.updated']>[0]>().toEqualTypeOf<{
      trade_id: number;
    }>();
    expectTypeOf<keyof RealtimeServerEvents>().toEqualTypeOf<
      | 'trade.updated'
      | 'user.updated'
      | 'notification.message'
      | 'message.sent'
      | 'message.read'
      | 'admin.changed'
    >();
  });
});
