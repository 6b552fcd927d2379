import type { Quote, Side } from '@openbroker/domain';
import { cn } from '@/lib/utils';
import { formatOrderPrice } from './format';

interface SideSwitchProps {
  side: Side;
  quote: Quote | null;
  onChange: (side: Side) => void;
  disabled?: boolean;
}

/**
 * SELL | BUY switch with the live bid and ask (SPEC §4; SPEC §9 five decimals in the form). Sell
 * sits left at the bid and buy right at the ask, as on every dealing ticket.
 */
export function SideSwitch({ side, quote, onChange, disabled }: SideSwitchProps) {
  return (
    <fieldset className="grid grid-cols-2 gap-2" disabled={disabled}>
      <legend className="sr-only">Side</legend>
      {(['sell', 'buy'] as const).map((s) => {
        const active = s === side;
        const price = quote ? (s === 'buy' ? quote.ask : quote.bid) : null;
        return (
          <button
            key={s}
            type="button"
            aria-pressed={active}
            aria-label={`${s.toUpperCase()} at ${formatOrderPrice(price)}`}
            onClick={() => onChange(s)}
            className={cn(
              'flex flex-col items-center rounded-md border px-2 py-2 transition-colors disabled:opacity-60',
              s === 'buy'
                ? active
                  ? 'border-buy bg-buy text-buy-foreground'
                  : 'border-buy/40 text-buy hover:bg-buy/10'
                : active
                  ? 'border-sell bg-sell text-sell-foreground'
                  : 'border-sell/40 text-sell hover:bg-sell/10',
            )}
          >
            <span className="text-[11px] font-semibold tracking-wider">{s.toUpperCase()}</span>
            <span className="font-mono text-lg leading-tight" data-testid={`${s}-price`}>
              {formatOrderPrice(price)}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
