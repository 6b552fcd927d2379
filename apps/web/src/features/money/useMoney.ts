import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@/api/sharedData';
import { FALLBACK_CURRENCY, useDisplayCurrencyStore } from '@/stores/displayCurrencyStore';
import { useSessionStore } from '@/stores/sessionStore';
import { formatAmount, type MoneyFormatOptions, type RateTable, rateTable, toDisplay } from './convert';
import { useSharedData } from './useSharedData';

const NO_CURRENCIES: Currency[] = [];

/** The currencies the display-currency selector offers (USD at least, before shared data loads). */
export function useCurrencies(): Currency[] {
  const { data } = useSharedData();
  return data?.currencies.length ? data.currencies : NO_CURRENCIES;
}

export function useRateTable(): RateTable {
  const currencies = useCurrencies();
  return useMemo(() => rateTable(currencies), [currencies]);
}

/** The selected trading account's currency (SPEC §3 accounts[]); USD when unknown. */
export function useAccountCurrency(): string {
  return useSessionStore((s) => {
    const accounts = s.user?.accounts ?? [];
    return accounts[s.selectedAccountIndex]?.currency ?? accounts[0]?.currency ?? FALLBACK_CURRENCY;
  });
}

export type MoneyFormatter = (amount: number, options?: MoneyFormatOptions & { from?: string }) => string;

/**
 * Formats amounts of the selected account (or `from`). With a display currency chosen (SPEC §1)
 * they are converted into it at the shared data's rates; without one, or with no known rate, they
 * keep their own currency, so a EUR account reads in EUR (issue 14).
 */
export function useMoneyFormatter(): MoneyFormatter {
  const display = useDisplayCurrencyStore((s) => s.code);
  const account = useAccountCurrency();
  const rates = useRateTable();
  // A new formatter when the language changes, so memoised rows format in the new locale.
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback<MoneyFormatter>(
    (amount, options = {}) => {
      void language;
      const shown = toDisplay(amount, options.from ?? account, display, rates);
      return formatAmount(shown.value, shown.currency, options);
    },
    [display, account, rates, language],
  );
}
