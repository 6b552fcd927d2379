import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BadgeCheck,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  PiggyBank,
  Settings,
  Store,
  User,
  Wallet,
} from 'lucide-react';

export type MainNavLabelKey =
  | 'nav.dashboard'
  | 'nav.accounts'
  | 'nav.deposit'
  | 'nav.withdrawal'
  | 'nav.savings'
  | 'nav.marketplace'
  | 'nav.verification'
  | 'nav.personal'
  | 'nav.chat'
  | 'nav.settings';

export interface MainNavItem {
  to: string;
  /** The `common` catalogue key of its label, translated where it is shown. */
  labelKey: MainNavLabelKey;
  icon: LucideIcon;
}

/**
 * The /main sections in the left navigation (SPEC §2 route table). `/main/test` is left out on
 * purpose: it is a diagnostics page reached by its address, not a customer destination.
 */
export const MAIN_NAV_ITEMS = [
  { to: '/main/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/main/accounts', labelKey: 'nav.accounts', icon: Wallet },
  { to: '/main/deposit', labelKey: 'nav.deposit', icon: ArrowDownToLine },
  { to: '/main/withdrawal', labelKey: 'nav.withdrawal', icon: ArrowUpFromLine },
  { to: '/main/savings', labelKey: 'nav.savings', icon: PiggyBank },
  { to: '/main/marketplace', labelKey: 'nav.marketplace', icon: Store },
  { to: '/main/verification', labelKey: 'nav.verification', icon: BadgeCheck },
  { to: '/main/personal', labelKey: 'nav.personal', icon: User },
  { to: '/main/chat', labelKey: 'nav.chat', icon: MessageSquare },
  { to: '/main/settings', labelKey: 'nav.settings', icon: Settings },
] as const satisfies readonly MainNavItem[];
