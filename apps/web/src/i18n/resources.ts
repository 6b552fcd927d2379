import enAccount from './locales/en/account';
import enAdmin from './locales/en/admin';
import enAdminClients from './locales/en/adminClients';
import enAdminOps from './locales/en/adminOps';
import enAuth from './locales/en/auth';
import enCommon from './locales/en/common';
import enMoney from './locales/en/money';
import enTerminal from './locales/en/terminal';
import enTrade from './locales/en/trade';
import esAccount from './locales/es/account';
import esAdmin from './locales/es/admin';
import esAdminClients from './locales/es/adminClients';
import esAdminOps from './locales/es/adminOps';
import esAuth from './locales/es/auth';
import esCommon from './locales/es/common';
import esMoney from './locales/es/money';
import esTerminal from './locales/es/terminal';
import esTrade from './locales/es/trade';

/** One namespace per area of the client; each area's screens read their own. */
export const en = {
  common: enCommon,
  auth: enAuth,
  terminal: enTerminal,
  trade: enTrade,
  money: enMoney,
  account: enAccount,
  admin: enAdmin,
  adminClients: enAdminClients,
  adminOps: enAdminOps,
} as const;

export const es = {
  common: esCommon,
  auth: esAuth,
  terminal: esTerminal,
  trade: esTrade,
  money: esMoney,
  account: esAccount,
  admin: esAdmin,
  adminClients: esAdminClients,
  adminOps: esAdminOps,
} as const;

export type Namespace = keyof typeof en;
export const NAMESPACES = Object.keys(en) as Namespace[];
