import type { ClientCard } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../approvals/StatusBadge';
import { FinancialProfileSection } from '../FinancialProfileSection';
import { formatWhen } from '../format';

/** Every field of the client's record staff may see. */
export function ProfileTab({ card }: { card: ClientCard }) {
  const { t } = useTranslation('adminClients');
  const p = card.profile;
  const rows: [string, ReactNode][] = [
    [t('profile.id'), String(p.id)],
    [t('profile.firstName'), p.first_name || '—'],
    [t('profile.lastName'), p.last_name || '—'],
    [t('profile.email'), p.email],
    [t('profile.username'), p.username ?? '—'],
    [t('profile.phone'), p.phone ?? '—'],
    [t('profile.country'), p.country ? `${p.country}${p.country_code ? ` (${p.country_code})` : ''}` : '—'],
    [t('profile.nationality'), p.nationality ?? '—'],
    [t('profile.status'), <StatusBadge key="status" status={p.status} />],
    [
      t('profile.plan'),
      card.plan ? t('profile.planValue', { title: card.plan.title, leverage: card.plan.leverage }) : '—',
    ],
    [t('profile.autotrader'), p.autotrader ? t('profile.on') : t('profile.off')],
    [t('profile.registered'), formatWhen(p.created_at)],
    [t('profile.updated'), formatWhen(p.updated_at)],
    [t('profile.lastSeen'), formatWhen(p.last_seen_at)],
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
