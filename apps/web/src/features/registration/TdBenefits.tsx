import { DEFAULT_SITE_NAME } from '@openbroker/domain';
import { Headset, Layers, type LucideIcon, Shapes, ShieldCheck } from 'lucide-react';
import { useSettingsStore } from '@/stores/settingsStore';

interface Benefit {
  Icon: LucideIcon;
  title: string;
  text: string;
}

/** Only SPEC §1's claims (6 asset classes, 2000+ products) carry figures. */
const BENEFITS: readonly Benefit[] = [
  {
    Icon: Shapes,
    title: '6 asset classes',
    text: 'Forex, stocks, crypto, commodities, indices and metals from one account.',
  },
  {
    Icon: Layers,
    title: '2000+ products',
    text: 'Trade rising and falling markets with leveraged CFDs.',
  },
  {
    Icon: ShieldCheck,
    title: 'Negative balance protection',
    text: 'You cannot lose more than the money in your account.',
  },
  {
    Icon: Headset,
    title: '24/5 support',
    text: 'Real people on hand whenever the forex market is open.',
  },
];

/** The benefits column of the td registration layout. */
export function TdBenefits() {
  const name = useSettingsStore((s) => s.settings?.name) || DEFAULT_SITE_NAME;
  return (
    <section
      data-testid="td-benefits"
      className="flex flex-col gap-6 rounded-xl border bg-gradient-to-b from-primary/12 via-card/60 to-card/30 p-6 sm:p-8"
    >
      <div className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-widest text-primary uppercase">Why {name}</p>
        <h2 className="text-2xl font-semibold tracking-tight text-balance">
          Trade the world's markets from a single account
        </h2>
      </div>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
        {BENEFITS.map(({ Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary ring-1 ring-primary/25">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="flex flex-col gap-0.5">
              <h3 className="text-sm font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
