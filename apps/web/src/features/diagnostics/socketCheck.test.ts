import { describe, expect, it } from 'vitest';
import { type SocketObservation, summarizeSocket } from './socketCheck';

const NOW = 1_000_000;
const watch = (over: Partial<SocketObservation>): SocketObservation => ({
  key: 'prices',
  title: 'Price socket (/prices)',
  status: 'connected',
  error: null,
  lastMessageAt: NOW - 800,
  watchingSince: NOW - 60_000,
  now: NOW,
  quietAfterMs: 15_000,
  ...over,
});

describe('summarizeSocket', () => {
  it('is OK while connected and talking, with the age of the last message', () => {
    const check = summarizeSocket(watch({}));
    expect(check.level).toBe('ok');
    expect(check.rows).toContainEqual({ label: 'Last message', value: '800 ms ago' });
  });

  it('warns while connecting, and when a chatty socket has gone quiet', () => {
    expect(summarizeSocket(watch({ status: 'connecting' })).level).toBe('warning');
    const quiet = summarizeSocket(watch({ lastMessageAt: NOW - 20_000 }));
    expect(quiet).toMatchObject({ level: 'warning' });
    expect(quiet.summary).toMatch(/nothing received for 20\.0 s/);
  });

  it('lets the realtime link stay silent', () => {
    expect(summarizeSocket(watch({ lastMessageAt: null, quietAfterMs: null })).level).toBe('ok');
  });

  it('fails when disconnected, with the reason', () => {
    const check = summarizeSocket(watch({ status: 'failed', error: 'Invalid API key' }));
    expect(check).toMatchObject({ level: 'failed', summary: 'Disconnected: Invalid API key.' });
    expect(check.rows).toContainEqual({ label: 'Transport', value: '—' });
  });
});
