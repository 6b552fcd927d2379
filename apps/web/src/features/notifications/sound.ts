/**
 * The notification sound (SPEC §4: a new notification, and a chat message from someone else). SPEC
 * §7: the sound file is loaded from the site's /sounds path; where the browser cannot play it, a
 * synthesised Web Audio chime of the same two notes stands in. Failures are only logged (SPEC §8).
 */
import { soundsEnabled } from '@/stores/preferencesStore';

type AudioContextCtor = new () => AudioContext;

/** Served from `public/sounds` (made by `scripts/notification-sound.mjs`). */
export const NOTIFICATION_SOUND_URL = `${import.meta.env.BASE_URL}sounds/notification.wav`;

/** The little of an `<audio>` element the player uses, so tests can hand in a fake. */
export interface SoundElement {
  currentTime: number;
  play(): Promise<void> | undefined;
}

function defaultCtor(): AudioContextCtor | undefined {
  const w: typeof globalThis & { webkitAudioContext?: AudioContextCtor } = globalThis;
  return w.AudioContext ?? w.webkitAudioContext;
}

function defaultAudio(): SoundElement | undefined {
  if (typeof Audio === 'undefined') return undefined;
  const audio = new Audio(NOTIFICATION_SOUND_URL);
  audio.preload = 'auto';
  return audio;
}

/** Two soft descending notes, a "ding-dong" (the same notes as the file). */
const NOTES = [
  { freq: 988, delay: 0, duration: 0.18 },
  { freq: 784, delay: 0.14, duration: 0.26 },
] as const;

const SILENT = 0.0001;

/** The synthesised fallback chime; a browser without Web Audio stays silent. */
export function createSynthChime(getCtor: () => AudioContextCtor | undefined = defaultCtor) {
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

/** The browser refused to play before the user interacted with the page; a chime would fail too. */
const isAutoplayRefusal = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'NotAllowedError';

export interface SoundDeps {
  createAudio?: () => SoundElement | undefined;
  fallback?: () => void;
}

/** Plays the sound file, restarting it when it is already playing; falls back to the chime. */
export function createNotificationSound(deps: SoundDeps = {}) {
  const createAudio = deps.createAudio ?? defaultAudio;
  const fallback = deps.fallback ?? createSynthChime();
  const chime = () => {
    try {
      fallback();
    } catch (error) {
      logFailure(error);
    }
  };
  let audio: SoundElement | undefined;
  let triedAudio = false;
  return function play(): void {
    try {
      if (!triedAudio) {
        triedAudio = true;
        audio = createAudio();
      }
      if (!audio) {
        chime();
        return;
      }
      audio.currentTime = 0;
      audio.play()?.catch((error: unknown) => {
        logFailure(error);
        if (!isAutoplayRefusal(error)) chime();
      });
    } catch (error) {
      logFailure(error);
      chime();
    }
  };
}

function logFailure(error: unknown): void {
  console.error('Notification sound could not play', error);
}

const playSound = createNotificationSound();

/** The app's one notification sound (one audio element for the page); silent when sounds are off in Settings. */
export function playNotificationSound(): void {
  if (soundsEnabled()) playSound();
}
