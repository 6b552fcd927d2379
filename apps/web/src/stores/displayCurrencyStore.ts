import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The currency assumed while no account is known yet: the default account is a USD one, so SPEC
 * §9's "default display currency USD" holds for it.
 */
export const FALLBACK_CURRENCY = 'USD';

/** SPEC §1: the selected currency code is stored locally (DESIGN §9), under this name. */
export const DISPLAY_CURRENCY_STORAGE_KEY = 'display-currency';

export interface DisplayCurrencyState {
  /**
   * The chosen ISO 4217 code ('EUR'), or null for none: then every amount shows in its own
   * account's currency (issue 14: a EUR account's figures read in EUR).
   */
  code: string | null;
  /** A code to convert into; null or '' clears the choice. Malformed codes are ignored. */
  setCode: (code: string | null) => void;
}

const isCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]{3}$/.test(value);

export const useDisplayCurrencyStore = create<DisplayCurrencyState>()(
  persist(
    (set) => ({
      code: null,
      setCode: (code) => {
        const upper = code?.trim().toUpperCase() ?? '';
        if (upper === '') set({ code: null });
        else if (isCode(upper)) set({ code: upper });
      },
    }),
    {
      name: DISPLAY_CURRENCY_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ code: state.code }),
      version: 1,
      // A well-formed stored code is honoured (earlier choices stay), a stored null means "account
      // currency"; anything else keeps the current value.
      merge: (persisted, current) => {
        const stored =
          typeof persisted === 'object' && persisted !== null && 'code' in persisted
            ? persisted.code
            : undefined;
        const code = stored === null || isCode(stored) ? stored : current.code;
        return { ...current, code };
      },
    },
  ),
);
