import type { WithdrawalOptions } from '@openbroker/domain';
import { Alert } from '@/components/ui/Alert';
import { formatAmount } from '@/features/money/convert';
import { cardRefundPlan } from './withdrawalForm';

/**
 * Said before the customer submits: a card withdrawal pays back card deposits to the same cards,
 * oldest first, and how the amount typed would be split between them.
 */
export function CardRefundNote({ options, amount }: { options: WithdrawalOptions; amount: number }) {
  const c = options.currency;
  if (options.card_refunds.length === 0) {
    return (
      <Alert
        variant="warning"
        title="No card deposit to refund"
        description="Money goes back only to a card you deposited with. Choose another method."
      />
    );
  }
  const plan = cardRefundPlan(Number.isFinite(amount) ? amount : 0, options.card_refunds);
  return (
    <Alert title="Refunded to the card you paid with" data-testid="card-refund-note">
      <div className="flex flex-col gap-2 text-sm text-muted-foreground">
        <p>
          Card deposits are refunded to the same card first, oldest deposit first. Each card gets back at most
          what was deposited with it.
        </p>
        <ul className="flex flex-col gap-1">
          {plan.map((r) => (
            <li key={r.deposit_id} className="flex justify-between gap-3 tabular-nums">
              <span>Card {r.card_last4 ? `•••• ${r.card_last4}` : `of deposit #${r.deposit_id}`}</span>
              <span>
                {amount > 0 ? `${formatAmount(r.amount, c)} of ` : 'up to '}
                {formatAmount(r.refundable, c)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}
