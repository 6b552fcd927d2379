import type { TradingAccount } from '@openbroker/domain';
import { useSelectedAccount } from '@/features/terminal/account';

/** The selected account when it is a live one (the deposit layout shows nothing else), or null. */
export function useLiveAccount(): TradingAccount | null {
  const account = useSelectedAccount();
  return account && account.type === 'live' ? account : null;
}
