import type { Quote, Side } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('trade');
  return (
    <fieldset className="grid grid-cols-2 gap-2" disabled={disabled}>
      <legend className="sr-only">{t('side.legend')}</legend>
      {(['sell', 'buy'] as const).map((s) => {
        const active = s === side;
        const price = quote ? (s === 'buy' ? quote.ask : quote.bid) : null;
        const label = s === 'buy' ? t('side.buyUpper') : t('side.sellUpper');
        return (
          <button
            key={s}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(s)}
            className={cn(
              'flex flex-col items-center rounded-md border px-2 py-2 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-60 motion-reduce:transition-none',
              // The chosen side is tinted and ringed, its text in full colour on the dark card (AA
              // without depending on white text over a light fill); the other stays an outline.
              s === 'buy'
                ? active
                  ? 'border-buy bg-buy/20 text-buy ring-2 ring-buy'
                  : 'border-buy/40 text-buy hover:bg-buy/10'
                : active
                  ? 'border-sell bg-sell/20 text-sell ring-2 ring-sell'
                  : 'border-sell/40 text-sell hover:bg-sell/10',
            )}
          >
            {/* Named by its text, "BUY at 1.10011": what it shows, and what a voice command can say. */}
            <span className="text-xs font-semibold tracking-wider">{label}</span>
            <span className="sr-only"> {t('side.at')} </span>
            <span className="font-mono text-lg leading-tight" data-testid={`${s}-price`}>
              {formatOrderPrice(price)}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
