import type { TradingAccount } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useSelectedAccount } from '@/features/terminal/account';

/**
 * Money moves only on live accounts: a demo account's funds are virtual and never meet real money
 * (DESIGN §11), so for one the page says so and offers the switch instead of its forms.
 */
export function LiveAccountOnly({
  action,
  children,
}: {
  /** What the customer came to do. */
  action: 'deposit' | 'withdraw';
  children: (account: TradingAccount) => ReactNode;
}) {
  const { t } = useTranslation('money');
  const account = useSelectedAccount();
  if (!account) {
    return (
      <Alert title={t('liveOnly.noAccountTitle')} description={t(`liveOnly.noAccount.${action}`)}>
        <SwitchLink text={t('liveOnly.openAccount')} />
      </Alert>
    );
  }
  if (account.type === 'demo') {
    return (
      <Alert variant="warning" title={t('liveOnly.demoTitle')} description={t(`liveOnly.demo.${action}`)}>
        <SwitchLink text={t('liveOnly.switch')} />
      </Alert>
    );
  }
  return <>{children(account)}</>;
}

function SwitchLink({ text }: { text: string }) {
  return (
    <Button asChild size="sm" variant="outline" className="mt-2 self-start">
      <Link to="/main/accounts">{text}</Link>
    </Button>
  );
}
