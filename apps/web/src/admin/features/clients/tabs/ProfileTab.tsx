import type { ClientCard } from '@openbroker/domain';
import { FinancialProfileSection } from '../FinancialProfileSection';
import { formatWhen } from '../format';

/** Every field of the client's record staff may see. */
export function ProfileTab({ card }: { card: ClientCard }) {
  const p = card.profile;
  const rows: [string, string][] = [
    ['Client id', String(p.id)],
    ['First name', p.first_name || '—'],
    ['Last name', p.last_name || '—'],
    ['E-mail', p.email],
    ['Username', p.username ?? '—'],
    ['Phone', p.phone ?? '—'],
    ['Country', p.country ? `${p.country}${p.country_code ? ` (${p.country_code})` : ''}` : '—'],
    ['Nationality', p.nationality ?? '—'],
    ['Status', p.status],
    ['Plan', card.plan ? `${card.plan.title} (1:${card.plan.leverage})` : '—'],
    ['AutoTrader', p.autotrader ? 'On' : 'Off'],
    ['Registered', formatWhen(p.created_at)],
    ['Last updated', formatWhen(p.updated_at)],
    ['Last seen', formatWhen(p.last_seen_at)],
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-x-8 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-2">
        {rows.map(([k, v]) => (
          <div key={k} className="flex flex-col gap-0.5">
            <dt className="text-muted-foreground text-xs">{k}</dt>
            <dd className="break-words">{v}</dd>
          </div>
        ))}
      </dl>
      <FinancialProfileSection clientId={p.id} />
    </div>
  );
}
