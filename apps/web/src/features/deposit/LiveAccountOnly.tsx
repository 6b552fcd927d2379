import type { TradingAccount } from '@openbroker/domain';
import type { ReactNode } from 'react';
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
  /** "deposit", "withdraw": what the customer came to do. */
  action: string;
  children: (account: TradingAccount) => ReactNode;
}) {
  const account = useSelectedAccount();
  if (!account) {
    return (
      <Alert title="No trading account" description={`You need a live trading account to ${action}.`}>
        <SwitchLink text="Open an account" />
      </Alert>
    );
  }
  if (account.type === 'demo') {
    return (
      <Alert
        variant="warning"
        title="This is a demo account"
        description={`Demo accounts hold virtual money, so you cannot ${action} here. Switch to a live account first.`}
      >
        <SwitchLink text="Switch to a live account" />
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
