import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTradeSounds } from './sounds';
import { fakeAudio } from './testing';

describe('trade sounds (SPEC §4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('plays a rising tone on success', () => {
    const audio = fakeAudio();
    createTradeSounds(() => audio.AudioContext).success();
    expect(audio.played.length).toBeGreaterThan(0);
    expect(audio.played.every((t) => t.to > t.from)).toBe(true);
    // Each note starts at or above where the previous one started.
    const starts = audio.played.map((t) => t.from);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it('plays a low square-wave buzz on failure', () => {
    const audio = fakeAudio();
    createTradeSounds(() => audio.AudioContext).failure();
    expect(audio.played.length).toBeGreaterThan(0);
    expect(audio.played.every((t) => t.type === 'square' && t.from <= 200 && t.to <= t.from)).toBe(true);
  });

  it('only logs when the AudioContext fails', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sounds = createTradeSounds(
      () =>
        class {
          constructor() {
            throw new Error('no audio device');
          }
        } as unknown as typeof AudioContext,
    );
    expect(() => {
      sounds.prime();
      sounds.success();
      sounds.failure();
    }).not.toThrow();
    expect(log).toHaveBeenCalledWith('Trade sound could not play', expect.any(Error));
  });

  it('stays silent without Web Audio', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    createTradeSounds(() => undefined).success();
    expect(log).not.toHaveBeenCalled();
  });
});
