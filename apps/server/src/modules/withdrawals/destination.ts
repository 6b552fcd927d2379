import {
  type CreateWithdrawal,
  checkCryptoAddress,
  checkIban,
  cryptoMethodKey,
  findCryptoNetwork,
  holderMatches,
} from '@openbroker/domain';
import { validationError } from '../../errors.ts';

/** A destination as checked before any money is held: the method row it uses and what is stored. */
export interface CheckedDestination {
  /** The `payment_methods` row ('crypto:BTC:bitcoin', 'wire', 'card'). */
  methodKey: string;
  /** Stored on the withdrawal; a card's allocations are added under the account's lock. */
  destination: Record<string, unknown>;
}

/**
 * Checks where a withdrawal goes (issue 14): a crypto address valid on its network with its
 * checksum; a bank account in the customer's own name with a valid IBAN; a card needs nothing
 * here (it pays back the card deposits). Refuses with 422 naming the field.
 */
export function checkDestination(
  input: CreateWithdrawal,
  customer: { firstName: string; lastName: string },
): CheckedDestination {
  if (input.method === 'crypto') {
    const network = findCryptoNetwork(input.coin, input.network);
    if (!network) throw validationError({ network: ['Choose a coin and network we pay out on.'] });
    const address = checkCryptoAddress(network.chain, input.address);
    if (!address.ok) throw validationError({ address: [address.error.message] });
    return {
      methodKey: cryptoMethodKey(network.coin, network.network),
      destination: { coin: network.coin, network: network.network, address: address.value },
    };
  }
  if (input.method === 'bank') {
    if (!holderMatches(input.holder, customer.firstName, customer.lastName)) {
      const name = `${customer.firstName} ${customer.lastName}`.trim();
      throw validationError({
        holder: [`The bank account must be in your own name (${name}); we cannot pay anyone else.`],
      });
    }
    const iban = checkIban(input.iban);
    if (!iban.ok) throw validationError({ iban: [iban.error.message] });
    return {
      methodKey: 'wire',
      destination: {
        holder: input.holder,
        iban: iban.value,
        bic: input.bic.toUpperCase(),
        bank_name: input.bank_name,
      },
    };
  }
  return { methodKey: 'card', destination: {} };
}
