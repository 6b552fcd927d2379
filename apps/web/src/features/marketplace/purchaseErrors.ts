import { isAxiosError } from 'axios';
import { apiErrorMessage } from '@/api/errors';
import { MARKETPLACE_MESSAGES } from './marketplaceItems';

/** SPEC §7: an answer whose status is not 'success' is a refusal carrying the server's message. */
export class PurchaseRefused extends Error {}

/**
 * SPEC §8 purchase failure: the server's own message ('Expert Advisor not found', 'This Expert
 * Advisor is not available for your plan', no funds, already owned); a bare 404 or 403 without one
 * still reads as those two; anything else 'Failed to purchase Expert Advisor'.
 */
export function purchaseErrorMessage(error: unknown): string {
  if (error instanceof PurchaseRefused) return error.message || MARKETPLACE_MESSAGES.purchaseFailed;
  const server = apiErrorMessage(error, '');
  if (server) return server;
  if (isAxiosError(error)) {
    if (error.response?.status === 404) return MARKETPLACE_MESSAGES.notFound;
    if (error.response?.status === 403) return MARKETPLACE_MESSAGES.notInPlan;
  }
  return MARKETPLACE_MESSAGES.purchaseFailed;
}
