import '@/index.css';
import '@/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startLanguageSync } from '@/i18n/languageSync';
import { startThemeSync } from '@/stores/themeStore';
import { Providers } from './Providers';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html must contain <div id="root">');
}

startThemeSync();
// A reader whose language did not ship with the app waits for its catalogues (a few KB) rather
// than seeing the first screen in English.
await startLanguageSync().ready.catch(() => undefined);
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
