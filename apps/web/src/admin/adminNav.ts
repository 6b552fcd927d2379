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

/** An entry's name in the `admin` catalogue (`nav.<key>`), translated where the navigation renders. */
export type AdminNavKey =
  | 'dashboard'
  | 'clients'
  | 'approvals'
  | 'deposits'
  | 'withdrawals'
  | 'verification'
  | 'chat'
  | 'instruments'
  | 'plans'
  | 'expertAdvisors'
  | 'advisorRuns'
  | 'content'
  | 'settings'
  | 'paymentMethods'
  | 'savingsProducts'
  | 'staff'
  | 'audit';

export interface AdminNavItem {
  to: string;
  /** Its label's key in the `admin` catalogue, under `nav.`, translated at render. */
  labelKey: AdminNavKey;
  icon: LucideIcon;
  /** Shown only to staff whose roles allow it. */
  permission: Permission;
  badge?: QueueKey;
}

/** The back office's sections, in the order the navigation shows them. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin', labelKey: 'dashboard', icon: LayoutDashboard, permission: 'clients.read' },
  {
    to: '/admin/clients',
    labelKey: 'clients',
    icon: Users,
    permission: 'clients.read',
    badge: 'pending_clients',
  },
  {
    to: '/admin/approvals',
    labelKey: 'approvals',
    icon: CheckSquare,
    permission: 'money.read',
    badge: 'approvals',
  },
  {
    to: '/admin/deposits',
    labelKey: 'deposits',
    icon: ArrowDownToLine,
    permission: 'money.read',
    badge: 'pending_deposits',
  },
  {
    to: '/admin/withdrawals',
    labelKey: 'withdrawals',
    icon: ArrowUpFromLine,
    permission: 'money.read',
    badge: 'held_withdrawals',
  },
  {
    to: '/admin/verification',
    labelKey: 'verification',
    icon: ShieldCheck,
    permission: 'verification.review',
  },
  {
    to: '/admin/chat',
    labelKey: 'chat',
    icon: MessageSquare,
    permission: 'chat.read',
    badge: 'unread_chats',
  },
  {
    to: '/admin/instruments',
    labelKey: 'instruments',
    icon: CandlestickChart,
    permission: 'instruments.write',
  },
  { to: '/admin/plans', labelKey: 'plans', icon: Layers, permission: 'plans.write' },
  { to: '/admin/expert-advisors', labelKey: 'expertAdvisors', icon: Bot, permission: 'advisors.manage' },
  { to: '/admin/advisor-runs', labelKey: 'advisorRuns', icon: Activity, permission: 'clients.read' },
  { to: '/admin/content', labelKey: 'content', icon: BookOpen, permission: 'content.write' },
  { to: '/admin/settings', labelKey: 'settings', icon: Settings, permission: 'settings.write' },
  {
    to: '/admin/payment-methods',
    labelKey: 'paymentMethods',
    icon: CreditCard,
    permission: 'settings.write',
  },
  {
    to: '/admin/savings-products',
    labelKey: 'savingsProducts',
    icon: PiggyBank,
    permission: 'settings.write',
  },
  { to: '/admin/staff', labelKey: 'staff', icon: UserCog, permission: 'staff.manage' },
  { to: '/admin/audit', labelKey: 'audit', icon: ScrollText, permission: 'audit.read' },
];
