import type { RouteObject } from 'react-router';

/**
 * The back office's pages under `/admin` (DESIGN §2: its own lazy chunks). Each section adds its
 * page here; the navigation lists it in adminNav.ts.
 */
export const adminChildren: RouteObject[] = [
  {
    index: true,
    lazy: () =>
      import('@/admin/features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'staff',
    lazy: () => import('@/admin/features/staff/StaffPage').then((m) => ({ Component: m.StaffPage })),
  },
  {
    path: 'audit',
    lazy: () => import('@/admin/features/audit/AuditPage').then((m) => ({ Component: m.AuditPage })),
  },
  {
    path: 'clients',
    lazy: () => import('@/admin/features/clients/ClientsPage').then((m) => ({ Component: m.ClientsPage })),
  },
  {
    path: 'clients/:id',
    lazy: () => import('@/admin/features/clients/ClientPage').then((m) => ({ Component: m.ClientPage })),
  },
  {
    path: 'approvals',
    lazy: () =>
      import('@/admin/features/approvals/ApprovalsPage').then((m) => ({ Component: m.ApprovalsPage })),
  },
  {
    path: 'deposits',
    lazy: () => import('@/admin/features/deposits/DepositsPage').then((m) => ({ Component: m.DepositsPage })),
  },
  {
    path: 'withdrawals',
    lazy: () =>
      import('@/admin/features/withdrawals/WithdrawalsPage').then((m) => ({ Component: m.WithdrawalsPage })),
  },
  {
    path: 'payment-methods',
    lazy: () =>
      import('@/admin/features/payments/PaymentMethodsPage').then((m) => ({
        Component: m.PaymentMethodsPage,
      })),
  },
  {
    path: 'savings-products',
    lazy: () =>
      import('@/admin/features/savings/SavingsProductsPage').then((m) => ({
        Component: m.SavingsProductsPage,
      })),
  },
  {
    path: 'instruments',
    lazy: () =>
      import('@/admin/features/instruments/InstrumentsPage').then((m) => ({ Component: m.InstrumentsPage })),
  },
  {
    path: 'instruments/new',
    lazy: () =>
      import('@/admin/features/instruments/NewInstrumentPage').then((m) => ({
        Component: m.NewInstrumentPage,
      })),
  },
  {
    path: 'instruments/:id',
    lazy: () =>
      import('@/admin/features/instruments/InstrumentEditPage').then((m) => ({
        Component: m.InstrumentEditPage,
      })),
  },
  {
    path: 'settings',
    lazy: () => import('@/admin/features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'plans',
    lazy: () => import('@/admin/features/plans/PlansPage').then((m) => ({ Component: m.PlansPage })),
  },
  {
    path: 'expert-advisors',
    lazy: () =>
      import('@/admin/features/advisors/ExpertAdvisorsPage').then((m) => ({
        Component: m.ExpertAdvisorsPage,
      })),
  },
  {
    path: 'advisor-runs',
    lazy: () => import('@/admin/features/advisors/RunsPage').then((m) => ({ Component: m.RunsPage })),
  },
  {
    path: 'content',
    lazy: () => import('@/admin/features/content/ContentPage').then((m) => ({ Component: m.ContentPage })),
  },
  {
    path: 'verification',
    lazy: () =>
      import('@/admin/features/verification/VerificationQueuePage').then((m) => ({
        Component: m.VerificationQueuePage,
      })),
  },
  {
    path: 'verification/:userId',
    lazy: () =>
      import('@/admin/features/verification/VerificationReviewPage').then((m) => ({
        Component: m.VerificationReviewPage,
      })),
  },
  {
    path: 'chat',
    lazy: () => import('@/features/admin-chat/AdminChatPage').then((m) => ({ Component: m.AdminChatPage })),
  },
];
