import type enAccount from './locales/en/account';
import type enAdmin from './locales/en/admin';
import type enAdminClients from './locales/en/adminClients';
import type enAdminOps from './locales/en/adminOps';
import enAuth from './locales/en/auth';
import enCommon from './locales/en/common';
import type enMoney from './locales/en/money';
import type enTerminal from './locales/en/terminal';
import type enTrade from './locales/en/trade';

/** Every area's English catalogue, as types: keys are checked against them (i18next.d.ts). */
export interface Catalogues {
  common: typeof enCommon;
  auth: typeof enAuth;
  terminal: typeof enTerminal;
  trade: typeof enTrade;
  money: typeof enMoney;
  account: typeof enAccount;
  admin: typeof enAdmin;
  adminClients: typeof enAdminClients;
  adminOps: typeof enAdminOps;
}
export type Namespace = keyof Catalogues;

/**
 * What the first screen (sign-in, the full-screen states, the shell) needs ships with the app in
 * English; every other catalogue (the customer's areas, the back office's, Spanish) is its own chunk,
 * fetched before the screens that read it render (the signed-in routes' loader, the admin route).
 */
export const BUNDLED_EN = { common: enCommon, auth: enAuth } as const;
export const SHELL_NAMESPACES = Object.keys(BUNDLED_EN) as Namespace[];
export const CUSTOMER_NAMESPACES: Namespace[] = ['terminal', 'trade', 'money', 'account'];
export const ADMIN_NAMESPACES: Namespace[] = ['admin', 'adminClients', 'adminOps'];
export const NAMESPACES: Namespace[] = [...SHELL_NAMESPACES, ...CUSTOMER_NAMESPACES, ...ADMIN_NAMESPACES];

export type Catalogue = { readonly [key: string]: string | Catalogue };

const LAZY = import.meta.glob<{ default: Catalogue }>('./locales/*/*.ts');

/** A catalogue's chunk, or null for a language or area we do not have (the pseudo-locale). */
export async function loadCatalogue(language: string, namespace: string): Promise<Catalogue | null> {
  const load = LAZY[`./locales/${language}/${namespace}.ts`];
  return load ? (await load()).default : null;
}
