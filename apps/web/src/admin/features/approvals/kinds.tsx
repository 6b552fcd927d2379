import { type Approval, type ApprovalKind, AUTOTRADER_LEVELS, type Permission } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The permission that decides each kind, as the server's executors declare it (approvals
 * `permissionFor`): the buttons show only to staff the server would let through.
 */
export const DECIDE_PERMISSION: Record<ApprovalKind, Permission> = {
  balance_adjustment: 'money.approve',
  verification_approval: 'verification.review',
  personal_change: 'clients.manage',
  autotrader: 'advisors.manage',
};

function levelOf(payload: Record<string, unknown>): (typeof AUTOTRADER_LEVELS)[number] | null {
  const level = payload.level;
  return AUTOTRADER_LEVELS.find((l) => l === level) ?? null;
}

/**
 * The line under a request's summary: its kind, and what that kind needs read at a glance. An
 * AutoTrader request names its risk level and the customer (who asked: the request is theirs),
 * linked to their client page.
 */
export function ApprovalDetail({ approval }: { approval: Approval }) {
  const { t } = useTranslation('adminClients');
  const kind = t(`approvals.kinds.${approval.kind}`);
  if (approval.kind === 'autotrader') {
    const level = levelOf(approval.payload);
    const customerId = Number(approval.object_id);
    const name =
      approval.requested_by.id === customerId
        ? approval.requested_by.name
        : t('approvals.customerNumber', { id: approval.object_id });
    return (
      <span className="flex flex-wrap gap-x-1 text-muted-foreground text-xs">
        <span className="font-medium text-foreground">{kind}</span>
        <span>
          {t('approvals.riskLevel', {
            level: level ? t(`approvals.levels.${level}`) : t('approvals.notGiven'),
          })}
        </span>
        <span>
          {t('approvals.customer')}{' '}
          {Number.isSafeInteger(customerId) && customerId > 0 ? (
            <Link to={`/admin/clients/${customerId}`} className="text-primary hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </span>
      </span>
    );
  }
  return (
    <span className="text-muted-foreground text-xs">
      {kind}
      {typeof approval.payload.reason === 'string' ? ` · “${approval.payload.reason}”` : ''}
    </span>
  );
}
