import loaders from 'virtual:i18n-loaders';
import type { Language } from '@/shared/i18n/languages';
import type { Namespace } from '@/shared/i18n/namespaces';
import { hasCatalogue, registerCatalogue } from '@/shared/i18n/runtime';

const pending = new Map<string, Promise<void>>();
const used = new Set<Namespace>();

/**
 * Loads one namespace in one language (its own chunk, compiled at build time) and
 * registers it; the same promise for every caller, so React's `use` can wait on it.
 * A failed load is forgotten, so the next render tries again.
 */
export function loadCatalogue(language: Language, namespace: Namespace): Promise<void> {
  used.add(namespace);
  const slot = `${language}/${namespace}`;
  const known = pending.get(slot);
  if (known) return known;
  const loader = loaders[slot];
  const promise = hasCatalogue(language, namespace)
    ? Promise.resolve()
    : loader
      ? loader().then(
          (module) => registerCatalogue(language, namespace, module.default),
          (error: unknown) => {
            pending.delete(slot);
            throw error;
          },
        )
      : Promise.reject(new Error(`No catalogue ${slot}`));
  pending.set(slot, promise);
  return promise;
}

/** Loads, in `language`, every namespace the page has used so far (before switching to it). */
export function loadUsedCatalogues(language: Language): Promise<void> {
  return Promise.all([...used].map((namespace) => loadCatalogue(language, namespace))).then(
    () => undefined,
  );
}

/** The namespaces rendered so far (the prerender preloads their chunks with the page). */
export function usedNamespaces(): Namespace[] {
  return [...used];
}

/** Starts a new record of the namespaces used (the prerender does, before each page). */
export function forgetUsedNamespaces(): void {
  used.clear();
}
