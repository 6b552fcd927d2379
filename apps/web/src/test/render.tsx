import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { createQueryClient, Providers } from '@/app/Providers';

const clients = new Set<QueryClient>();

// A query still waiting to retry (SPEC's 5 s) would otherwise fire after its test, with the
// request mocks already restored, and reach for a real server.
afterEach(() => {
  for (const client of clients) client.clear();
  clients.clear();
});

/** Renders `routes` at `path` with the app's providers; returns the router to inspect the address. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  clients.add(queryClient);
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, ...view };
}

/** The texts of the Sonner toasts on screen. */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('[data-sonner-toast]')).map((t) => t.textContent ?? '');
}
