/**
 * Order outcome sounds (SPEC §4: success plays a rising tone, failure a buzz), synthesised with
 * Web Audio so no sound file has to load. Sound is a courtesy: a browser without Web Audio stays
 * silent, and one whose AudioContext fails is only logged (SPEC §8 "sound playback failures are
 * only logged").
 */
import { soundsEnabled } from '@/stores/preferencesStore';

type AudioContextCtor = new () => AudioContext;

interface Tone {
  type: OscillatorType;
  from: number;
  to: number;
  /** Seconds. */
  duration: number;
  /** Seconds after the call. */
  delay?: number;
  volume: number;
}

/** Two quick notes climbing a fifth: short enough not to annoy on every order. */
const RISING: readonly Tone[] = [
  { type: 'sine', from: 660, to: 880, duration: 0.12, volume: 0.18 },
  { type: 'sine', from: 880, to: 1320, duration: 0.16, delay: 0.1, volume: 0.18 },
];

/** A low square-wave buzz in two pulses. */
const BUZZ: readonly Tone[] = [
  { type: 'square', from: 110, to: 100, duration: 0.16, volume: 0.08 },
  { type: 'square', from: 110, to: 95, duration: 0.2, delay: 0.2, volume: 0.08 },
];

const SILENT = 0.0001;

export interface TradeSounds {
  /** Creates or wakes the audio context; call it inside the click that submits, as browsers require. */
  prime(): void;
  success(): void;
  failure(): void;
}

function defaultCtor(): AudioContextCtor | undefined {
  const w: typeof globalThis & { webkitAudioContext?: AudioContextCtor } = globalThis;
  return w.AudioContext ?? w.webkitAudioContext;
}

/** The sounds on the given AudioContext constructor (the browser's by default). */
export function createTradeSounds(getCtor: () => AudioContextCtor | undefined = defaultCtor): TradeSounds {
  let context: AudioContext | null = null;

  const contextOrNull = (): AudioContext | null => {
    if (context) return context;
    const Ctor = getCtor();
    if (!Ctor) return null;
    context = new Ctor();
    return context;
  };

  const play = (tones: readonly Tone[]) => {
    try {
      const ctx = contextOrNull();
      if (!ctx) return;
      if (ctx.state === 'suspended') void ctx.resume().catch(logFailure);
      for (const tone of tones) {
        const start = ctx.currentTime + (tone.delay ?? 0);
        const end = start + tone.duration;
        const oscillator = ctx.createOscillator();
        const gain = ctx.createGain();
        oscillator.type = tone.type;
        oscillator.frequency.setValueAtTime(tone.from, start);
        oscillator.frequency.exponentialRampToValueAtTime(tone.to, end);
        gain.gain.setValueAtTime(SILENT, start);
        gain.gain.exponentialRampToValueAtTime(tone.volume, start + 0.01);
        gain.gain.exponentialRampToValueAtTime(SILENT, end);
        oscillator.connect(gain);
        gain.connect(ctx.destination);
        oscillator.start(start);
        oscillator.stop(end + 0.02);
      }
    } catch (error) {
      logFailure(error);
    }
  };

  return {
    prime() {
      try {
        const ctx = contextOrNull();
        if (ctx?.state === 'suspended') void ctx.resume().catch(logFailure);
      } catch (error) {
        logFailure(error);
      }
    },
    success: () => play(RISING),
    failure: () => play(BUZZ),
  };
}

function logFailure(error: unknown): void {
  console.error('Trade sound could not play', error);
}

const sounds = createTradeSounds();

/** The app's one set of trade sounds (one AudioContext for the page); silent when sounds are off in Settings. */
export const tradeSounds: TradeSounds = {
  prime: () => sounds.prime(),
  success: () => {
    if (soundsEnabled()) sounds.success();
  },
  failure: () => {
    if (soundsEnabled()) sounds.failure();
  },
};
