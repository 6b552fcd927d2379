import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPriceInterest, type InterestSink } from './priceInterest';

/** A sink that records what the socket would have been told. */
function recorder() {
  const calls: { op: 'subscribe' | 'unsubscribe'; ids: number[] }[] = [];
  const sink: InterestSink = {
    subscribe: (ids) => calls.push({ op: 'subscribe', ids }),
    unsubscribe: (ids) => calls.push({ op: 'unsubscribe', ids }),
  };
  return { sink, calls };
}

describe('price interest registry (issue 17)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts holders: an instrument is unsubscribed only when its last holder lets go', () => {
    const interest = createPriceInterest({ intervalMs: 150 });
    const { sink, calls } = recorder();
    interest.attach(sink);
    const row = interest.retain([1, 2]);
    const chart = interest.retain([2]);
    vi.advanceTimersByTime(0);
    expect(calls).toEqual([{ op: 'subscribe', ids: [1, 2] }]);

    row();
    row(); // a second release of the same holder changes nothing
    vi.advanceTimersByTime(150);
    expect(calls.at(-1)).toEqual({ op: 'unsubscribe', ids: [1] });
    expect(interest.held()).toEqual([2]);
    chart();
    vi.advanceTimersByTime(150);
    expect(calls.at(-1)).toEqual({ op: 'unsubscribe', ids: [2] });
    expect(interest.held()).toEqual([]);
  });

  it('sends one diff per window, and nothing for a row that left and came back within it', () => {
    const interest = createPriceInterest({ intervalMs: 150 });
    const { sink, calls } = recorder();
    interest.attach(sink);
    const a = interest.retain([1]);
    vi.advanceTimersByTime(0);
    expect(calls).toHaveLength(1);

    // A scroll within one window: rows 2..4 mount, 1 unmounts and mounts again.
    const held = [2, 3, 4].map((id) => interest.retain([id]));
    a();
    const again = interest.retain([1]);
    vi.advanceTimersByTime(100);
    expect(calls).toHaveLength(1); // still within the window after the last diff
    vi.advanceTimersByTime(50);
    expect(calls).toEqual([
      { op: 'subscribe', ids: [1] },
      { op: 'subscribe', ids: [2, 3, 4] },
    ]);

    for (const release of held) release();
    again();
    const b = interest.retain([1]);
    vi.advanceTimersByTime(150);
    expect(calls.slice(2)).toEqual([{ op: 'unsubscribe', ids: [2, 3, 4] }]);
    b();
  });

  it('re-subscribes everything held to a new sink (reconnect) and sends nothing while detached', () => {
    const interest = createPriceInterest();
    const first = recorder();
    interest.attach(first.sink);
    const release = interest.retain([5, 6]);
    interest.flush();
    interest.attach(null);
    const more = interest.retain([7]);
    release();
    vi.runAllTimers();
    expect(first.calls).toEqual([{ op: 'subscribe', ids: [5, 6] }]);

    const second = recorder();
    interest.attach(second.sink);
    expect(second.calls).toEqual([{ op: 'subscribe', ids: [7] }]);
    more();
    vi.runAllTimers();
    expect(second.calls.at(-1)).toEqual({ op: 'unsubscribe', ids: [7] });
  });

  it('drops ids that cannot be instruments and splits very long lists', () => {
    const interest = createPriceInterest();
    const { sink, calls } = recorder();
    interest.attach(sink);
    interest.retain([0, -3, 1.5, Number.NaN, 9]);
    interest.flush();
    expect(calls).toEqual([{ op: 'subscribe', ids: [9] }]);

    const many = Array.from({ length: 2_232 }, (_, i) => 100 + i);
    interest.retain(many);
    interest.flush();
    const sizes = calls.slice(1).map((c) => c.ids.length);
    expect(sizes).toEqual([1_000, 1_000, 232]);
  });
});
