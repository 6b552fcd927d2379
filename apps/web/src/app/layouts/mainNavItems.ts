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

export interface MainNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The /main sections in the left navigation (SPEC §2 route table). `/main/test` is left out on
 * purpose: it is a diagnostics page reached by its address, not a customer destination.
 */
export const MAIN_NAV_ITEMS = [
  { to: '/main/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/main/accounts', label: 'Accounts', icon: Wallet },
  { to: '/main/deposit', label: 'Deposit', icon: ArrowDownToLine },
  { to: '/main/withdrawal', label: 'Withdrawal', icon: ArrowUpFromLine },
  { to: '/main/savings', label: 'Savings', icon: PiggyBank },
  { to: '/main/marketplace', label: 'Marketplace', icon: Store },
  { to: '/main/verification', label: 'Verification', icon: BadgeCheck },
  { to: '/main/personal', label: 'Personal information', icon: User },
  { to: '/main/chat', label: 'Support chat', icon: MessageSquare },
  { to: '/main/settings', label: 'Settings', icon: Settings },
] as const satisfies readonly MainNavItem[];
