import { PRIVATE_CHANNEL_PREFIX, STAFF_CHAT_CHANNEL } from '@openbroker/domain';

/** SPEC §7 `chat.customer.{id}`: one customer's conversation (the customer's own, or staff's). */
export const customerChatChannel = (customerId: number): string =>
  `${PRIVATE_CHANNEL_PREFIX}chat.customer.${customerId}`;

/** Every conversation's events, for the Admin Chat (staff only; ours, not SPEC's). */
export const staffChatChannel = `${PRIVATE_CHANNEL_PREFIX}${STAFF_CHAT_CHANNEL}`;

/** The customer chat page's address (SPEC §2). */
export const CHAT_PATH = '/main/chat';
