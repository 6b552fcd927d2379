import { useSessionStore } from '@/stores/sessionStore';

/** The selected trading account (SPEC §3 selectedAccountIndex), or null before the user loads. */
export function useSelectedAccount() {
  return useSessionStore((s) => s.user?.accounts[s.selectedAccountIndex] ?? s.user?.accounts[0] ?? null);
}

/** The selected account's currency, USD until known (SPEC §9 default display currency). */
export function useAccountCurrency(): string {
  return useSelectedAccount()?.currency ?? 'USD';
}
