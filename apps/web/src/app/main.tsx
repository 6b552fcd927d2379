import '@/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './Providers';
import { createAppRouter } from './router';

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
