import { Navigate, type RouteObject } from 'react-router';
import { adminChildren } from '@/admin/adminRoutes';
import { CustomersOnly } from '@/admin/CustomersOnly';
import { RequireStaff } from '@/admin/RequireStaff';
import { DEFAULT_DEPOSIT_CRYPTO } from '@/features/deposit/depositMethods';
import { loadAdminCatalogues, loadCustomerCatalogues } from '@/i18n/i18n';
import { RedirectIfAuthenticated } from './guards/RedirectIfAuthenticated';
import { RequireSession } from './guards/RequireSession';
import { RootLayout, RouterFallback } from './layouts/RootLayout';
import { NotFoundPage } from './states/NotFoundPage';
import { RouteErrorPage } from './states/RouteErrorPage';

// Every page is a `lazy` route so it ships as its own chunk; only the shell, the gate and the
// guards are in the entry bundle.
const loginPage = () => import('@/features/auth/LoginPage').then((m) => ({ Component: m.LoginPage }));

/** SPEC §2 route table, in full. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    hydrateFallbackElement: <RouterFallback />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, lazy: loginPage },
      { path: 'login', lazy: loginPage },
      {
        path: 'forgot-password',
        lazy: () =>
          import('@/features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: 'auto-login',
        lazy: () => import('@/features/auth/AutoLoginPage').then((m) => ({ Component: m.AutoLoginPage })),
      },
      // The unlock link mailed when wrong passwords paused sign-in: public, no session needed.
      {
        path: 'unlock',
        lazy: () => import('@/features/auth/UnlockPage').then((m) => ({ Component: m.UnlockPage })),
      },
      {
        element: <RedirectIfAuthenticated />,
        children: [
          {
            path: 'signup',
            lazy: () =>
              import('@/features/registration/SignupPage').then((m) => ({ Component: m.SignupPage })),
          },
          {
            path: 'register',
            lazy: () =>
              import('@/features/registration/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
          },
          {
            path: 'register/country-residence',
            lazy: () =>
              import('@/features/registration/CountryResidencePage').then((m) => ({
                Component: m.CountryResidencePage,
              })),
          },
        ],
      },
      {
        element: <RequireSession />,
        // Every signed-in screen (and the header over it) reads the customer's areas' catalogues.
        loader: async () => {
          await loadCustomerCatalogues();
          return null;
        },
        children: [
          {
            // The staff back office (DESIGN §12): staff only, in its own lazy chunks.
            path: 'admin',
            element: <RequireStaff />,
            children: [
              {
                lazy: async () => {
                  const [layout] = await Promise.all([import('@/admin/AdminLayout'), loadAdminCatalogues()]);
                  return { Component: layout.AdminLayout };
                },
                children: adminChildren,
              },
            ],
          },
          {
            // Customer areas: a staff member who opens one is sent to the back office.
            element: <CustomersOnly />,
            children: [
              {
                path: 'trading',
                lazy: () =>
                  import('@/features/trading/TradingPage').then((m) => ({ Component: m.TradingPage })),
              },
              {
                path: 'mt4',
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('@/features/terminal/TerminalPage').then((m) => ({ Component: m.TerminalPage })),
                  },
                ],
              },
              {
                // Registration steps 2 and 3, after the account exists (the status gate lets a
                // pending customer in here).
                path: 'onboarding',
                children: [
                  { index: true, element: <Navigate to="/onboarding/profile" replace /> },
                  {
                    path: 'profile',
                    lazy: () =>
                      import('@/features/onboarding/FinancialProfilePage').then((m) => ({
                        Component: m.FinancialProfilePage,
                      })),
                  },
                  {
                    path: 'id-check',
                    lazy: () =>
                      import('@/features/onboarding/IdCheckPage').then((m) => ({ Component: m.IdCheckPage })),
                  },
                ],
              },
              {
                path: 'main',
                lazy: () => import('./layouts/MainLayout').then((m) => ({ Component: m.MainLayout })),
                children: mainChildren(),
              },
            ],
          },
        ],
      },
      // Eager: the route error page shows it too, so it is in the entry chunk anyway.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function mainChildren(): RouteObject[] {
  const section = (path: string, load: () => Promise<RouteObject['Component']>): RouteObject => ({
    path,
    lazy: async () => ({ Component: await load() }),
  });
  return [
    { index: true, element: <Navigate to="/main/dashboard" replace /> },
    section('dashboard', () => import('@/features/dashboard/DashboardPage').then((m) => m.DashboardPage)),
    section('personal', () => import('@/features/personal/PersonalPage').then((m) => m.PersonalPage)),
    section('marketplace', () =>
      import('@/features/marketplace/MarketplacePage').then((m) => m.MarketplacePage),
    ),
    section('withdrawal', () => import('@/features/withdrawal/WithdrawalPage').then((m) => m.WithdrawalPage)),
    section('verification', () =>
      import('@/features/verification/VerificationPage').then((m) => m.VerificationPage),
    ),
    section('accounts', () => import('@/features/accounts/AccountsPage').then((m) => m.AccountsPage)),
    section('chat', () => import('@/features/chat/ChatPage').then((m) => m.ChatPage)),
    section('savings', () => import('@/features/savings/SavingsPage').then((m) => m.SavingsPage)),
    section('settings', () => import('@/features/settings/SettingsPage').then((m) => m.SettingsPage)),
    section('test', () => import('@/features/diagnostics/TestPage').then((m) => m.TestPage)),
    {
      path: 'deposit',
      lazy: () => import('@/features/deposit/DepositLayout').then((m) => ({ Component: m.DepositLayout })),
      children: [
        { index: true, element: <Navigate to={`/main/deposit/${DEFAULT_DEPOSIT_CRYPTO}`} replace /> },
        section('card', () => import('@/features/deposit/CardDepositPage').then((m) => m.CardDepositPage)),
        // Static segments outrank `:crypto`, so the bank wire page can sit beside the coins.
        section('wire', () => import('@/features/deposit/WireDepositPage').then((m) => m.WireDepositPage)),
        section(':crypto', () =>
          import('@/features/deposit/CryptoDepositPage').then((m) => m.CryptoDepositPage),
        ),
        section(':crypto/:walletId', () =>
          import('@/features/deposit/CryptoWalletPage').then((m) => m.CryptoWalletPage),
        ),
      ],
    },
  ];
}
