import { createSynthChime, NOTIFICATION_SOUND_URL } from '@/features/notifications/sound';
import type { CheckResult } from './checkTypes';

/** How the test sound went. */
export type SoundOutcome =
  | { result: 'played' }
  /** The file would not play for a reason other than the browser's permission; the chime did. */
  | { result: 'chime'; reason: string }
  | { result: 'blocked' }
  | { result: 'failed'; reason: string };

type AudioContextCtor = new () => AudioContext;

export interface SoundTestDeps {
  /** Starts playing the app's notification sound; resolves once it plays, rejects when it cannot. */
  playFile?: () => Promise<void>;
  audioContext?: () => AudioContextCtor | undefined;
}

const defaultPlayFile = async (): Promise<void> => {
  if (typeof Audio === 'undefined') throw new Error('This browser cannot play audio files');
  await new Audio(NOTIFICATION_SOUND_URL).play();
};

const defaultAudioContext = (): AudioContextCtor | undefined => {
  const w: typeof globalThis & { webkitAudioContext?: AudioContextCtor } = globalThis;
  return w.AudioContext ?? w.webkitAudioContext;
};

const reasonOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'unknown error';

/**
 * Plays the notification sound the app uses for messages and notifications (ignoring the Settings
 * switch: the customer asked for it), falling back to its Web Audio chime like the app does.
 */
export async function testSound(deps: SoundTestDeps = {}): Promise<SoundOutcome> {
  const playFile = deps.playFile ?? defaultPlayFile;
  const getCtor = deps.audioContext ?? defaultAudioContext;
  try {
    await playFile();
    return { result: 'played' };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') return { result: 'blocked' };
    if (!getCtor()) return { result: 'failed', reason: reasonOf(error) };
    createSynthChime(getCtor)();
    return { result: 'chime', reason: reasonOf(error) };
  }
}

/** `outcome` null: not tested yet. `soundsOn`: the Settings switch for trade and notification sounds. */
export function summarizeSound(outcome: SoundOutcome | null, soundsOn: boolean): CheckResult {
  const rows = [{ label: 'Sounds in Settings', value: soundsOn ? 'on' : 'off' }];
  const base = { key: 'sound', title: 'Sound', rows };
  if (!outcome) return { ...base, level: 'pending', summary: 'Press "Play test sound" to test.' };
  if (outcome.result === 'blocked') {
    return { ...base, level: 'failed', summary: 'The browser blocked the sound (check its site settings).' };
  }
  if (outcome.result === 'failed') {
    return { ...base, level: 'failed', summary: `The sound could not play: ${outcome.reason}.` };
  }
  const played =
    outcome.result === 'played'
      ? 'The test sound played'
      : `A fallback chime played (the sound file failed: ${outcome.reason})`;
  rows.push({ label: 'Played', value: outcome.result === 'played' ? 'sound file' : 'fallback chime' });
  if (!soundsOn) {
    return { ...base, level: 'warning', summary: `${played}, but sounds are off in Settings.` };
  }
  return {
    ...base,
    level: outcome.result === 'played' ? 'ok' : 'warning',
    summary: `${played}. No sound heard? Check the device volume.`,
  };
}
