import { apiErrorMessage } from '@/api/errors';
import { AUTOTRADER_MESSAGES, PENDING_REQUEST_MARK } from './autotraderText';

/**
 * SPEC §8: a refusal whose server message mentions a pending auto trader request means one is
 * already waiting for staff; any other failure is the generic message (the server's wording for
 * those is not shown to the customer).
 */
export function autoTraderErrorMessage(error: unknown): string {
  const server = apiErrorMessage(error, '');
  return server.toLowerCase().includes(PENDING_REQUEST_MARK)
    ? AUTOTRADER_MESSAGES.pending
    : AUTOTRADER_MESSAGES.failed;
}
