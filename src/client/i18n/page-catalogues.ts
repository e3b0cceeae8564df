import { namespaces, type Namespace } from '@/shared/i18n/namespaces';
import { loadCatalogue } from './catalogue-loader';

/**
 * Registers the messages a prerendered page was written with (its html lang and the
 * i18n-namespaces meta tag), so hydration never waits on a catalogue: a wait lets the
 * session answer arrive first, and the markup would no longer match. With `only`, just
 * those of them (an island needs fewer than the page). Never rejects.
 */
export function loadPageCatalogues(only?: readonly Namespace[]): Promise<void> {
  const language = document.documentElement.lang === 'sw' ? 'sw' : 'en';
  const names = (
    document.querySelector<HTMLMetaElement>('meta[name="i18n-namespaces"]')?.content ?? ''
  )
    .split(',')
    .filter((name): name is Namespace => (namespaces as readonly string[]).includes(name))
    .filter((name) => !only || only.includes(name));
  return Promise.all(names.map((name) => loadCatalogue(language, name))).then(
    () => undefined,
    () => undefined,
  );
}
