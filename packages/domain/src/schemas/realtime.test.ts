import { describe, expect, it } from 'vitest';
import { ADMIN_CHANNEL, parseChannel, STAFF_CHAT_CHANNEL } from './realtime.ts';

describe('parseChannel', () => {
  it('reads the staff channels with or without private-', () => {
    expect(parseChannel('admin')).toEqual({ kind: 'admin', name: ADMIN_CHANNEL });
    expect(parseChannel('private-admin')).toEqual({ kind: 'admin', name: ADMIN_CHANNEL });
    expect(parseChannel(`private-${STAFF_CHAT_CHANNEL}`)?.kind).toBe('chat.staff');
  });

  it('knows the per-user channels and refuses look-alikes', () => {
    expect(parseChannel('private-user.7')).toEqual({ kind: 'user', id: 7, name: 'user.7' });
    expect(parseChannel('admin.1')).toBeUndefined();
    expect(parseChannel('administrators')).toBeUndefined();
    expect(parseChannel('public.admin')).toEqual({ kind: 'public', name: 'public.admin' });
  });
});
