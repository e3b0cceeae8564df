import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { loadPageCatalogues } from './i18n/page-catalogues';
import './lib/zod-jitless';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// A prerendered page already holds the markup: attach to it instead of replacing it.
// In a transition, hydration yields to the browser between small slices of work
// (as React Router's own entry does), instead of one long task that blocks input.
// The page's messages are registered first, so hydration never waits on a catalogue.
if (container.firstElementChild) {
  void loadPageCatalogues().then(() => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else createRoot(container).render(app);
