import { DEFAULT_SITE_NAME } from '@openbroker/domain';
import { Headset, Layers, type LucideIcon, Shapes, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '@/stores/settingsStore';

interface Benefit {
  Icon: LucideIcon;
  /** Its title and text under `auth:td.benefits.<key>`. */
  key: 'assets' | 'products' | 'protection' | 'support';
}

/** Only SPEC §1's claims (6 asset classes, 2000+ products) carry figures. */
const BENEFITS: readonly Benefit[] = [
  { Icon: Shapes, key: 'assets' },
  { Icon: Layers, key: 'products' },
  { Icon: ShieldCheck, key: 'protection' },
  { Icon: Headset, key: 'support' },
];

/** The benefits column of the td registration layout. */
export function TdBenefits() {
  const name = useSettingsStore((s) => s.settings?.name) || DEFAULT_SITE_NAME;
  const { t } = useTranslation('auth');
  return (
    <section
      data-testid="td-benefits"
      className="flex flex-col gap-6 rounded-xl border bg-gradient-to-b from-primary/12 via-card/60 to-card/30 p-6 sm:p-8"
    >
      <div className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-widest text-primary uppercase">
          {t('td.why', { name })}
        </p>
        <h2 className="text-2xl font-semibold tracking-tight text-balance">{t('td.title')}</h2>
      </div>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
        {BENEFITS.map(({ Icon, key }) => (
          <li key={key} className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary ring-1 ring-primary/25">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="flex flex-col gap-0.5">
              <h3 className="text-sm font-semibold">{t(`td.benefits.${key}.title`)}</h3>
              <p className="text-sm text-muted-foreground">{t(`td.benefits.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
