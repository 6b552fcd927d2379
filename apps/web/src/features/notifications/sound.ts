/**
 * The short chime for a new notification (SPEC §4), synthesised with Web Audio so no sound file has
 * to load. A browser without Web Audio stays silent; any failure is only logged (SPEC §8).
 */
type AudioContextCtor = new () => AudioContext;

function defaultCtor(): AudioContextCtor | undefined {
  const w: typeof globalThis & { webkitAudioContext?: AudioContextCtor } = globalThis;
  return w.AudioContext ?? w.webkitAudioContext;
}

/** Two soft descending notes, a "ding-dong". */
const NOTES = [
  { freq: 988, delay: 0, duration: 0.18 },
  { freq: 784, delay: 0.14, duration: 0.26 },
] as const;

const SILENT = 0.0001;

export function createNotificationSound(getCtor: () => AudioContextCtor | undefined = defaultCtor) {
  let context: AudioContext | null = null;
  return function play(): void {
    try {
      if (!context) {
        const Ctor = getCtor();
        if (!Ctor) return;
        context = new Ctor();
      }
      const ctx = context;
      if (ctx.state === 'suspended') void ctx.resume().catch(logFailure);
      for (const note of NOTES) {
        const start = ctx.currentTime + note.delay;
        const end = start + note.duration;
        const oscillator = ctx.createOscillator();
        const gain = ctx.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.setValueAtTime(note.freq, start);
        gain.gain.setValueAtTime(SILENT, start);
        gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
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
}

function logFailure(error: unknown): void {
  console.error('Notification sound could not play', error);
}

/** The app's one notification chime (one AudioContext for the page). */
export const playNotificationSound: () => void = createNotificationSound();
