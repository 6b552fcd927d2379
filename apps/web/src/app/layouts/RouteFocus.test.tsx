import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeading } from '@/components/PageHeading';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { RouteFocus } from './RouteFocus';

function Layout() {
  return (
    <>
      <RouteFocus />
      <nav>
        <Link to="/b">B</Link>
      </nav>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A loading screen with its own heading, replaced by the page a moment later. */
function LoadingThenPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 60);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <PageHeading title="Dashboard" /> : <PageHeading title="Loading" />;
}

function setup(initial = '/a') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        children: [
          { path: 'a', element: <PageHeading title="Page A" /> },
          { path: 'b', element: <PageHeading title="Page B" /> },
          { path: 'plain', element: <p>No heading here</p> },
          { path: 'loading', element: <LoadingThenPage /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const frames = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('RouteFocus', () => {
  it('leaves focus alone on the first load', async () => {
    setup();
    await act(frames);
    expect(document.activeElement).toBe(document.body);
  });

  it("focuses the new page's heading after a route change", async () => {
    const router = setup();
    await act(() => router.navigate('/b'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Page B' })));
  });

  it('follows the heading that replaces a loading screen', async () => {
    const router = setup();
    await act(() => router.navigate('/loading'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dashboard' })),
    );
  });

  it('does not move focus when only the query or hash changes', async () => {
    const router = setup();
    screen.getByRole('link', { name: 'B' }).focus();
    await act(() => router.navigate('/a?tab=2#x'));
    await act(frames);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'B' }));
  });

  it('falls back to the main region when the page has no heading', async () => {
    const router = setup();
    await act(() => router.navigate('/plain'));
    await waitFor(() => expect(document.activeElement?.id).toBe(MAIN_CONTENT_ID), { timeout: 3000 });
  });
});
