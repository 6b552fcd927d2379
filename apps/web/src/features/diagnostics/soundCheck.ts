import { createSynthChime, NOTIFICATION_SOUND_URL } from '@/features/notifications/sound';
import { i18n } from '@/i18n/i18n';
import type { CheckResult, CheckRow } from './checkTypes';

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
  if (typeof Audio === 'undefined') throw new Error(i18n.t('account:diagnostics.sound.noAudio'));
  await new Audio(NOTIFICATION_SOUND_URL).play();
};

const defaultAudioContext = (): AudioContextCtor | undefined => {
  const w: typeof globalThis & { webkitAudioContext?: AudioContextCtor } = globalThis;
  return w.AudioContext ?? w.webkitAudioContext;
};

const reasonOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : i18n.t('account:diagnostics.sound.unknown');

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
  const rows: CheckRow[] = [
    {
      label: i18n.t('account:diagnostics.sound.setting'),
      value: soundsOn ? i18n.t('account:diagnostics.sound.on') : i18n.t('account:diagnostics.sound.off'),
    },
  ];
  const base = { key: 'sound', title: i18n.t('account:diagnostics.sound.title'), rows };
  if (!outcome) return { ...base, level: 'pending', summary: i18n.t('account:diagnostics.sound.press') };
  if (outcome.result === 'blocked') {
    return { ...base, level: 'failed', summary: i18n.t('account:diagnostics.sound.blocked') };
  }
  if (outcome.result === 'failed') {
    return {
      ...base,
      level: 'failed',
      summary: i18n.t('account:diagnostics.sound.failed', { reason: outcome.reason }),
    };
  }
  const played =
    outcome.result === 'played'
      ? i18n.t('account:diagnostics.sound.played')
      : i18n.t('account:diagnostics.sound.chime', { reason: outcome.reason });
  rows.push({
    label: i18n.t('account:diagnostics.sound.playedRow'),
    value:
      outcome.result === 'played'
        ? i18n.t('account:diagnostics.sound.file')
        : i18n.t('account:diagnostics.sound.fallback'),
  });
  if (!soundsOn) {
    return {
      ...base,
      level: 'warning',
      summary: i18n.t('account:diagnostics.sound.offInSettings', { played }),
    };
  }
  return {
    ...base,
    level: outcome.result === 'played' ? 'ok' : 'warning',
    summary: i18n.t('account:diagnostics.sound.checkVolume', { played }),
  };
}
