import type { Personal, PersonalChangeRequest } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { displayValue, fieldLabel } from './formValues';

function Changes({ request }: { request: PersonalChangeRequest }) {
  const { t } = useTranslation('account');
  return (
    <ul className="flex flex-col gap-0.5">
      {request.changes.map((c) => (
        <li key={c.field} className="break-words">
          {t('personal.change', {
            field: fieldLabel(c.field),
            before: displayValue(c.field, c.before),
            after: displayValue(c.field, c.after),
          })}
        </li>
      ))}
    </ul>
  );
}

/** The waiting change request, or the last decision on one (a rejection with its reason). */
export function RequestBanners({ personal }: { personal: Personal }) {
  const { t } = useTranslation('account');
  const pending = personal.pending_request;
  if (pending) {
    return (
      <Alert
        variant="warning"
        title={t('personal.banners.pendingTitle')}
        description={
          <>
            <p>{t('personal.banners.pendingText')}</p>
            <Changes request={pending} />
          </>
        }
      />
    );
  }
  const decided = personal.last_decided_request;
  if (decided?.status === 'rejected') {
    return (
      <Alert
        variant="destructive"
        title={t('personal.banners.rejectedTitle')}
        description={
          <>
            <p>
              {t('personal.banners.reason', { reason: decided.reason_label ?? t('personal.banners.other') })}
              {decided.reason ? ` — ${decided.reason}` : ''}
            </p>
            <Changes request={decided} />
            <p>{t('personal.banners.again')}</p>
          </>
        }
      />
    );
  }
  if (decided?.status === 'approved') {
    return (
      <Alert
        variant="success"
        title={t('personal.banners.approvedTitle')}
        description={<Changes request={decided} />}
      />
    );
  }
  return null;
}
