import { i18n } from '@/i18n/i18n';

/** SPEC §5 and §8 chat messages, to the letter, in the reader's language at the moment they are read. */
export const CHAT_TEXT = {
  get notSignedIn() {
    return i18n.t('account:chat.notSignedIn');
  },
  get notConnected() {
    return i18n.t('account:chat.notConnected');
  },
  get sendFailed() {
    return i18n.t('account:chat.sendFailed');
  },
  get uploadFailed() {
    return i18n.t('account:chat.uploadFailed');
  },
  get placeholder() {
    return i18n.t('account:chat.placeholder');
  },
  get placeholderDisabled() {
    return i18n.t('account:chat.placeholderDisabled');
  },
  get backupNotice() {
    return i18n.t('account:chat.backupNotice');
  },
  get noMessages() {
    return i18n.t('account:chat.noMessages');
  },
  get startConversation() {
    return i18n.t('account:chat.startConversation');
  },
};

/** The composer's send attempt, before anything goes to the server (SPEC §5 chat rules). */
export type SendCheck = { kind: 'ignore' } | { kind: 'refuse'; message: string } | { kind: 'send' };

export function checkSend(input: {
  text: string;
  /** Files attached (uploaded or still uploading; failed ones do not count). */
  files: number;
  signedIn: boolean;
  connected: boolean;
}): SendCheck {
  // SPEC §5: blank text with no file attached is ignored, silently.
  if (input.text.trim() === '' && input.files === 0) return { kind: 'ignore' };
  if (!input.signedIn) return { kind: 'refuse', message: CHAT_TEXT.notSignedIn };
  if (!input.connected) return { kind: 'refuse', message: CHAT_TEXT.notConnected };
  return { kind: 'send' };
}
