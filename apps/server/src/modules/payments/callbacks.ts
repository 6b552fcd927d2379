import type { IncomingHttpHeaders } from 'node:http';
import { paymentEvents } from '../../db/schemaMoney.ts';
import { AppError } from '../../errors.ts';
import type { NotificationRow } from '../notifications/repo.ts';
import { announce, type PaymentsContext } from './context.ts';
import { creditDeposit, endDeposit } from './credit.ts';
import { depositByProviderRef } from './repo.ts';

export type CallbackOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * A payment provider's callback (issue 14, DESIGN §11): verified on the raw body first (a bad
 * signature or an old timestamp changes nothing and is logged), then applied once: the provider's
 * event id goes into `payment_events` in the same transaction as the credit (a replay finds it
 * there and does nothing), and the deposit moves by compare-and-set.
 */
export function createCallbacks(ctx: PaymentsContext) {
  const { deps } = ctx;

  return {
    async handle(
      providerName: string,
      rawBody: Buffer,
      headers: IncomingHttpHeaders,
    ): Promise<CallbackOutcome> {
      const provider = deps.providers.get(providerName);
      if (!provider?.verifyCallback || !provider.parseCallback)
        throw new AppError('NOT_FOUND', 'No such payment provider.');
      const check = provider.verifyCallback({ rawBody, headers, now: deps.clock.now() });
      if (!check.ok) {
        deps.log.warn({ provider: provider.name, reason: check.why }, 'payment callback refused');
        throw new AppError('UNAUTHENTICATED', 'The callback signature is not valid.');
      }
      const event = provider.parseCallback(rawBody);
      if (!event) return 'ignored';
      const deposit = await depositByProviderRef(deps.db, provider.name, event.ref);
      if (!deposit) {
        deps.log.warn(
          { provider: provider.name, event: event.eventId, ref: event.ref },
          'payment callback for no deposit',
        );
        return 'ignored';
      }
      const notes: (NotificationRow | undefined)[] = [];
      const outcome = await deps.accounts.transaction(async (work): Promise<CallbackOutcome> => {
        const [claimed] = await work.tx
          .insert(paymentEvents)
          .values({
            provider: provider.name,
            eventId: event.eventId,
            kind: event.type,
            depositId: deposit.id,
          })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (!claimed) return 'duplicate';
        switch (event.type) {
          case 'checkout.completed': {
            const mismatch =
              (event.amountCents !== undefined && event.amountCents !== deposit.amountCents) ||
              (event.currency !== undefined && event.currency !== deposit.currency);
            if (mismatch) {
              deps.log.error(
                {
                  provider: provider.name,
                  deposit: deposit.id,
                  paid: String(event.amountCents),
                  currency: event.currency,
                },
                'card payment amount differs from the deposit: not credited, needs staff',
              );
              const ended = await endDeposit(ctx, work, deposit, 'failed', {
                code: 'amount_mismatch',
                reason: 'The amount paid does not match the deposit. Our team will contact you.',
              });
              notes.push(ended?.note);
              return ended ? 'applied' : 'ignored';
            }
            const done = await creditDeposit(ctx, work, deposit, {
              amountCents: deposit.amountCents,
              feeCents: deposit.feeCents,
              createdBy: null,
              set: { cardLast4: event.cardLast4 ?? null, cardBrand: event.cardBrand ?? null },
            });
            if (!done && deposit.status !== 'completed') {
              // Paid after the checkout had closed: the money is with the provider, not credited.
              deps.log.error(
                { provider: provider.name, deposit: deposit.id, status: deposit.status },
                'payment completed for a closed deposit: refund or credit by hand',
              );
            }
            notes.push(done?.note);
            return done ? 'applied' : 'ignored';
          }
          case 'checkout.failed': {
            const ended = await endDeposit(ctx, work, deposit, 'failed', {
              code: 'declined',
              reason: 'The card payment was declined.',
            });
            notes.push(ended?.note);
            return ended ? 'applied' : 'ignored';
          }
          case 'checkout.expired': {
            const ended = await endDeposit(ctx, work, deposit, 'expired', {
              code: 'expired',
              reason: 'The payment page was closed before paying.',
              notify: false,
            });
            return ended ? 'applied' : 'ignored';
          }
          default:
            return 'ignored';
        }
      });
      if (outcome === 'applied') announce(ctx, notes, deposit.id);
      return outcome;
    },
  };
}
export type Callbacks = ReturnType<typeof createCallbacks>;
