import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './days';
import { applyRead, formatBytes, mergeMessages, messagePreview } from './messages';
import { chatMessage } from './testing';

/** Local times, so the test holds in any time zone. */
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).toISOString();
const NOW = new Date(2026, 0, 7, 15, 30);

describe('chat day grouping (SPEC §2 Message list)', () => {
  it('labels today and yesterday by name, older days by date', () => {
    expect(dayLabel(new Date(2026, 0, 7, 0, 1), NOW)).toBe('Today');
    expect(dayLabel(new Date(2026, 0, 6, 23, 59), NOW)).toBe('Yesterday');
    const older = dayLabel(new Date(2026, 0, 5, 9), NOW);
    expect(older).not.toMatch(/Today|Yesterday/);
    expect(older).toContain('2026');
    // Across a month boundary, yesterday is still yesterday.
    expect(dayLabel(new Date(2026, 1, 28, 10), new Date(2026, 2, 1, 8))).toBe('Yesterday');
  });

  it('splits an oldest-first list into one group per local day, in order', () => {
    const messages = [
      chatMessage({ id: 1, created_at: at(2026, 1, 5, 9) }),
      chatMessage({ id: 2, created_at: at(2026, 1, 5, 18) }),
      chatMessage({ id: 3, created_at: at(2026, 1, 6, 0, 5) }),
      chatMessage({ id: 4, created_at: at(2026, 1, 7, 8) }),
      chatMessage({ id: 5, created_at: at(2026, 1, 7, 15) }),
    ];
    const groups = groupByDay(messages, NOW);
    expect(groups.map((g) => g.label.replace(/\d/g, '#'))).toEqual([
      dayLabel(new Date(2026, 0, 5), NOW).replace(/\d/g, '#'),
      'Yesterday',
      'Today',
    ]);
    expect(groups.map((g) => g.messages.map((m) => m.id))).toEqual([[1, 2], [3], [4, 5]]);
  });
});

describe('chat message merging', () => {
  it('keeps one copy per id, oldest first, and never forgets a read', () => {
    const unread = chatMessage({ id: 2, created_at: at(2026, 1, 7, 10), read_at: null });
    const read = { ...unread, read_at: at(2026, 1, 7, 11) };
    const merged = mergeMessages(
      [chatMessage({ id: 3, created_at: at(2026, 1, 7, 12) }), read],
      [unread, chatMessage({ id: 1, created_at: at(2026, 1, 7, 9) })],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[1]?.read_at).toBe(read.read_at);
  });

  it('orders messages of the same instant by id', () => {
    const t = at(2026, 1, 7, 10);
    const merged = mergeMessages([
      chatMessage({ id: 8, created_at: t }),
      chatMessage({ id: 7, created_at: t }),
    ]);
    expect(merged.map((m) => m.id)).toEqual([7, 8]);
  });

  it('applies a read event to the named messages only', () => {
    const list = [chatMessage({ id: 1 }), chatMessage({ id: 2 }), chatMessage({ id: 3 })];
    const next = applyRead(list, [1, 3], '2026-01-07T16:00:00.000Z');
    expect(next.map((m) => m.read_at)).toEqual([
      '2026-01-07T16:00:00.000Z',
      null,
      '2026-01-07T16:00:00.000Z',
    ]);
    expect(applyRead(list, [42], 'x')).toBe(list);
  });

  it('previews attachment-only messages and sizes files', () => {
    expect(messagePreview({ message: '  hi  ', attachments: [] })).toBe('hi');
    expect(messagePreview({ message: '', attachments: [chatMessage().attachments].flat() })).toBe(
      'Attachment',
    );
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
});
