import { Star } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';

/** SPEC §1 marketing claim: a static review count. */
export const REVIEW_COUNT_TEXT = '1,196';

/** SPEC §2 customer-review rating badge on the sign-up start screen. */
export function ReviewBadge() {
  const { t } = useTranslation('auth');
  return (
    <div
      data-testid="review-badge"
      className="mx-auto flex w-fit items-center gap-3 rounded-full border bg-card/70 px-4 py-2 text-xs text-muted-foreground"
    >
      <span className="flex items-center gap-0.5" role="img" aria-label={t('signup.rating')}>
        {[0, 1, 2, 3, 4].map((n) => (
          <Star key={n} className="size-3.5 fill-warning text-warning" aria-hidden="true" />
        ))}
      </span>
      <span>
        <Trans
          t={t}
          i18nKey="signup.reviews"
          values={{ total: REVIEW_COUNT_TEXT }}
          components={{ strong: <strong className="font-semibold text-foreground" /> }}
        />
      </span>
    </div>
  );
}
