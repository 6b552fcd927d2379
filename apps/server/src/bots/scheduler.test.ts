import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler.ts';

const log = pino({ level: 'silent' });

describe('the bots scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs registered jobs on their interval only while started', async () => {
    vi.useFakeTimers();
    const s = new Scheduler(log);
    const runs: string[] = [];
    s.register({ name: 'a', everyMs: 1_000, run: () => void runs.push('a') });
    s.register({ name: 'b', everyMs: 2_500, run: () => void runs.push('b') });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual([]);

    s.start();
    expect(s.running).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs.filter((r) => r === 'a')).toHaveLength(5);
    expect(runs.filter((r) => r === 'b')).toHaveLength(2);

    await s.stop();
    runs.length = 0;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual([]);

    // Taking the role back resumes every job.
    s.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual(['a']);
    await s.stop();
  });

  it('never overlaps a job with itself, survives a failing run, and stop waits for the run under way', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const s = new Scheduler({ ...log, error: (o: unknown) => errors.push(o) } as unknown as typeof log);
    let active = 0;
    let most = 0;
    let calls = 0;
    s.register({
      name: 'slow',
      everyMs: 100,
      run: async () => {
        calls++;
        active++;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 350));
        active--;
        if (calls === 1) throw new Error('boom');
      },
    });
    s.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(most).toBe(1);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(errors).toHaveLength(1);

    while (active === 0) await vi.advanceTimersByTimeAsync(10); // a run is under way
    let stopped = false;
    const stopping = s.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    await stopping;
    expect(stopped).toBe(true);
    expect(active).toBe(0);
    const after = calls;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(after);
  });

  it('schedules a job registered while running, and refuses duplicate names', async () => {
    vi.useFakeTimers();
    const s = new Scheduler(log);
    s.start();
    let n = 0;
    s.register({ name: 'late', everyMs: 500, run: () => void n++ });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(n).toBe(2);
    expect(() => s.register({ name: 'late', everyMs: 500, run: () => undefined })).toThrow(/already/);
    expect(s.jobs()).toEqual(['late']);
    await s.stop();
  });
});

describe('work attached to the role', () => {
  it('starts with the role (at once when attached while running), stops before the jobs finish, in reverse order', async () => {
    vi.useFakeTimers();
    const s = new Scheduler(log);
    const seen: string[] = [];
    const work = (name: string) => ({
      name,
      start: () => void seen.push(`${name} start`),
      stop: async () => {
        await new Promise((r) => setTimeout(r, 10));
        seen.push(`${name} stop`);
      },
    });
    s.attach(work('a'));
    expect(seen).toEqual([]);
    s.start();
    s.attach(work('b'));
    expect(seen).toEqual(['a start', 'b start']);
    expect(() => s.attach(work('a'))).toThrow(/already/);

    const stopping = s.stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopping;
    expect(seen).toEqual(['a start', 'b start', 'b stop', 'a stop']);
    // A second stop (shutdown after the role was lost) does not stop the work twice.
    await s.stop();
    expect(seen).toHaveLength(4);

    // Taking the role back starts it again.
    s.start();
    expect(seen.slice(4)).toEqual(['a start', 'b start']);
    const last = s.stop();
    await vi.advanceTimersByTimeAsync(100);
    await last;
  });

  it('logs a failing start or stop and carries on with the rest', async () => {
    const errors: unknown[] = [];
    const s = new Scheduler({ ...log, error: (o: unknown) => errors.push(o) } as unknown as typeof log);
    let stopped = false;
    s.attach({
      name: 'bad',
      start: () => {
        throw new Error('no start');
      },
      stop: () => {
        throw new Error('no stop');
      },
    });
    s.attach({
      name: 'good',
      start: () => undefined,
      stop: () => {
        stopped = true;
      },
    });
    s.start();
    await s.stop();
    expect(stopped).toBe(true);
    expect(errors).toHaveLength(2);
  });
});
