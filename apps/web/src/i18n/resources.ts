import type enAccountType from './locales/en/account';
import enAccount from './locales/en/account';
import type enAdmin from './locales/en/admin';
import type enAdminClients from './locales/en/adminClients';
import type enAdminOps from './locales/en/adminOps';
import enAuth from './locales/en/auth';
import enCommon from './locales/en/common';
import enMoney from './locales/en/money';
import enTerminal from './locales/en/terminal';
import enTrade from './locales/en/trade';

/** Every area's English catalogue, as types: keys are checked against them (i18next.d.ts). */
export interface Catalogues {
  common: typeof enCommon;
  auth: typeof enAuth;
  terminal: typeof enTerminal;
  trade: typeof enTrade;
  money: typeof enMoney;
  account: typeof enAccountType;
  admin: typeof enAdmin;
  adminClients: typeof enAdminClients;
  adminOps: typeof enAdminOps;
}
export type Namespace = keyof Catalogues;

/**
 * The customer's screens in English ship with the app, so the first paint needs no extra request;
 * every other catalogue (Spanish, and the back office's) is its own chunk, fetched when needed.
 */
export const BUNDLED_EN = {
  common: enCommon,
  auth: enAuth,
  terminal: enTerminal,
  trade: enTrade,
  money: enMoney,
  account: enAccount,
} as const;
export const CUSTOMER_NAMESPACES = Object.keys(BUNDLED_EN) as Namespace[];
export const ADMIN_NAMESPACES: Namespace[] = ['admin', 'adminClients', 'adminOps'];
export const NAMESPACES: Namespace[] = [...CUSTOMER_NAMESPACES, ...ADMIN_NAMESPACES];

export type Catalogue = { readonly [key: string]: string | Catalogue };

const LAZY = import.meta.glob<{ default: Catalogue }>('./locales/*/*.ts');

/** A catalogue's chunk, or null for a language or area we do not have (the pseudo-locale). */
export async function loadCatalogue(language: string, namespace: string): Promise<Catalogue | null> {
  const load = LAZY[`./locales/${language}/${namespace}.ts`];
  return load ? (await load()).default : null;
}
