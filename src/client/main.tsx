import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { namespaces, type Namespace } from '@/shared/i18n/namespaces';
import { App } from './app/app';
import { loadCatalogue } from './i18n/catalogue-loader';
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
if (container.firstElementChild) {
  // The page's messages are registered first, so hydration never waits on a catalogue
  // (a wait lets the session answer arrive first, and the markup would no longer match).
  const language = document.documentElement.lang === 'sw' ? 'sw' : 'en';
  const names = (
    document.querySelector<HTMLMetaElement>('meta[name="i18n-namespaces"]')?.content ?? ''
  )
    .split(',')
    .filter((name): name is Namespace => (namespaces as readonly string[]).includes(name));
  void Promise.all(names.map((name) => loadCatalogue(language, name)))
    .catch(() => undefined)
    .then(() => {
      startTransition(() => {
        hydrateRoot(container, app);
      });
    });
} else createRoot(container).render(app);
