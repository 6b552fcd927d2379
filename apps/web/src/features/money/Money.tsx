import { cn } from '@/lib/utils';
import { useMoneyFormatter } from './useMoney';

export interface MoneyProps {
  amount: number;
  /** The amount's own currency; the selected account's when omitted. */
  currency?: string;
  /** Prefix gains with '+' and colour gains green and losses red (P/L). */
  pnl?: boolean;
  className?: string;
}

/** Colour for a P/L figure: green for a gain, red for a loss, plain at zero. */
export function pnlClass(amount: number): string | undefined {
  if (amount > 0.004) return 'text-buy';
  if (amount < -0.004) return 'text-sell';
  return undefined;
}

/** An amount in the display currency (SPEC §1). */
export function Money({ amount, currency, pnl = false, className }: MoneyProps) {
  const format = useMoneyFormatter();
  return (
    <span className={cn('tabular-nums', pnl && pnlClass(amount), className)}>
      {format(amount, { from: currency, signed: pnl })}
    </span>
  );
}
