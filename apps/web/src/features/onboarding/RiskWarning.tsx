import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';

export const RISK_WARNING_TITLE = 'This product may not be appropriate for you';
export const RISK_ACK_LABEL =
  'I have read this warning and understand that I could lose all of the money I deposit.';

interface RiskWarningProps {
  score: number;
  pending: boolean;
  onAcknowledge: () => void;
}

/**
 * The appropriateness warning for a low score (ESMA): the customer may go on, but only after
 * ticking that they read it. Focus moves here so keyboard and screen-reader users meet it.
 */
export function RiskWarning({ score, pending, onAcknowledge }: RiskWarningProps) {
  const [read, setRead] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="risk-warning-title"
      data-testid="risk-warning"
      data-score={score}
      className="flex flex-col gap-4 rounded-lg border border-warning/40 bg-warning/10 p-4 outline-none focus-visible:ring-2 focus-visible:ring-warning"
    >
      <h3 id="risk-warning-title" className="flex items-center gap-2 font-semibold text-warning">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {RISK_WARNING_TITLE}
      </h3>
      <div className="flex flex-col gap-2 text-sm leading-relaxed">
        <p>
          Based on your answers about your experience and knowledge, trading leveraged products such as CFDs
          may not be appropriate for you.
        </p>
        <p>
          With leverage a small price move against you causes a large loss: at 1:30 a 1% move costs about 30%
          of the margin you put up, and positions can be closed automatically at a loss. Most retail accounts
          lose money when trading CFDs.
        </p>
        <p>You may still continue. You can also change your answers above.</p>
      </div>
      <div className="flex items-start gap-3">
        <input
          id="risk-acknowledged"
          data-testid="risk-ack-checkbox"
          type="checkbox"
          checked={read}
          onChange={(e) => setRead(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
        />
        <label htmlFor="risk-acknowledged" className="cursor-pointer text-sm leading-snug">
          {RISK_ACK_LABEL}
        </label>
      </div>
      <Button
        type="button"
        size="lg"
        className="w-full"
        data-testid="risk-ack-continue"
        disabled={!read || pending}
        aria-busy={pending}
        onClick={onAcknowledge}
      >
        {pending ? <Spinner aria-label="Saving" /> : null}
        {pending ? 'Saving...' : 'I understand the risk, continue'}
      </Button>
    </section>
  );
}
