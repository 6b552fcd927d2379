/** SPEC §5 and §8 chat messages, to the letter. */
export const CHAT_TEXT = {
  notSignedIn: 'You must be logged in to send messages.',
  notConnected: 'Connection lost. Messages cannot be sent at this time.',
  sendFailed: 'Failed to send message.',
  uploadFailed: 'Failed to upload file.',
  placeholder: 'Type a message...',
  placeholderDisabled: 'Reconnecting...',
  backupNotice: 'Using backup connection - messages may be slightly delayed',
  noMessages: 'No messages yet',
  startConversation: 'Start a conversation by typing a message below',
} as const;

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
