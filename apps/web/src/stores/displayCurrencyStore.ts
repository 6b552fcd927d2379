import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** SPEC §1/§9: amounts show in a chosen display currency, USD unless the customer picks another. */
export const DEFAULT_DISPLAY_CURRENCY = 'USD';

/** SPEC §1: the selected currency code is stored locally (DESIGN §9), under this name. */
export const DISPLAY_CURRENCY_STORAGE_KEY = 'display-currency';

export interface DisplayCurrencyState {
  /** ISO 4217 code ('USD'). */
  code: string;
  setCode: (code: string) => void;
}

const isCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]{3}$/.test(value);

export const useDisplayCurrencyStore = create<DisplayCurrencyState>()(
  persist(
    (set) => ({
      code: DEFAULT_DISPLAY_CURRENCY,
      setCode: (code) => {
        const upper = code.trim().toUpperCase();
        if (isCode(upper)) set({ code: upper });
      },
    }),
    {
      name: DISPLAY_CURRENCY_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ code: state.code }),
      version: 1,
      // Only a well-formed code is taken from storage; anything else falls back to USD.
      merge: (persisted, current) => {
        const code =
          typeof persisted === 'object' && persisted !== null && 'code' in persisted && isCode(persisted.code)
            ? persisted.code
            : current.code;
        return { ...current, code };
      },
    },
  ),
);
