import type { Permission } from '@openbroker/domain';
import {
  Activity,
  ArrowDownToLine,
  ArrowUpFromLine,
  BookOpen,
  Bot,
  CandlestickChart,
  CheckSquare,
  CreditCard,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  PiggyBank,
  ScrollText,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react';

/** A queue whose live count shows as a badge beside its entry (GET /admin/counts). */
export type QueueKey =
  | 'pending_clients'
  | 'approvals'
  | 'unread_chats'
  | 'pending_deposits'
  | 'held_withdrawals';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to staff whose roles allow it. */
  permission: Permission;
  badge?: QueueKey;
}

/** The back office's sections, in the order the navigation shows them. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, permission: 'clients.read' },
  {
    to: '/admin/clients',
    label: 'Clients',
    icon: Users,
    permission: 'clients.read',
    badge: 'pending_clients',
  },
  {
    to: '/admin/approvals',
    label: 'Approvals',
    icon: CheckSquare,
    permission: 'money.read',
    badge: 'approvals',
  },
  {
    to: '/admin/deposits',
    label: 'Deposits',
    icon: ArrowDownToLine,
    permission: 'money.read',
    badge: 'pending_deposits',
  },
  {
    to: '/admin/withdrawals',
    label: 'Withdrawals',
    icon: ArrowUpFromLine,
    permission: 'money.read',
    badge: 'held_withdrawals',
  },
  { to: '/admin/verification', label: 'Verification', icon: ShieldCheck, permission: 'verification.review' },
  { to: '/admin/chat', label: 'Chat', icon: MessageSquare, permission: 'chat.read', badge: 'unread_chats' },
  { to: '/admin/instruments', label: 'Instruments', icon: CandlestickChart, permission: 'instruments.write' },
  { to: '/admin/plans', label: 'Plans', icon: Layers, permission: 'plans.write' },
  { to: '/admin/expert-advisors', label: 'Expert Advisors', icon: Bot, permission: 'advisors.manage' },
  { to: '/admin/advisor-runs', label: 'Running advisors', icon: Activity, permission: 'clients.read' },
  { to: '/admin/content', label: 'Content', icon: BookOpen, permission: 'content.write' },
  { to: '/admin/settings', label: 'Site settings', icon: Settings, permission: 'settings.write' },
  { to: '/admin/payment-methods', label: 'Payment methods', icon: CreditCard, permission: 'settings.write' },
  { to: '/admin/savings-products', label: 'Savings products', icon: PiggyBank, permission: 'settings.write' },
  { to: '/admin/staff', label: 'Staff', icon: UserCog, permission: 'staff.manage' },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText, permission: 'audit.read' },
];
