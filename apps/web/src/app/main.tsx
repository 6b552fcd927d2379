import '@/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { z } from 'zod';
import { Providers } from './Providers';
import { createAppRouter } from './router';

// The Content-Security-Policy allows no eval: zod would probe for it with `Function('')` on load
// (a CSP violation report on every page); jitless validation never asks.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html must contain <div id="root">');
}

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
