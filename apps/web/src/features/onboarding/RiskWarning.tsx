import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import enAuth from '@/i18n/locales/en/auth';

/** English, for tests; the screen shows `t('onboarding.risk.title')`. */
export const RISK_WARNING_TITLE = enAuth.onboarding.risk.title;

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
  const { t } = useTranslation('auth');
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
      <h2 id="risk-warning-title" className="flex items-center gap-2 font-semibold text-warning">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {t('onboarding.risk.title')}
      </h2>
      <div className="flex flex-col gap-2 text-sm leading-relaxed">
        <p>{t('onboarding.risk.p1')}</p>
        <p>{t('onboarding.risk.p2')}</p>
        <p>{t('onboarding.risk.p3')}</p>
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
          {t('onboarding.risk.ack')}
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
        {pending ? <Spinner aria-label={t('profile.savingLabel')} /> : null}
        {pending ? t('profile.saving') : t('onboarding.risk.continue')}
      </Button>
    </section>
  );
}
