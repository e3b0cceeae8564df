import loaders from 'virtual:i18n-loaders';
import type { Language } from '@/shared/i18n/languages';
import type { Namespace } from '@/shared/i18n/namespaces';
import { hasCatalogue, registerCatalogue } from '@/shared/i18n/runtime';

const pending = new Map<string, Promise<void>>();

/**
 * Marks the promise with its outcome as React's `use` reads it (status/value), so a
 * catalogue already loaded is read synchronously instead of suspending once more.
 */
function tracked(promise: Promise<void>, loaded: boolean): Promise<void> {
  const thenable = promise as Promise<void> & {
    status?: string;
    value?: unknown;
    reason?: unknown;
  };
  if (thenable.status) return promise;
  if (loaded) {
    thenable.status = 'fulfilled';
    return promise;
  }
  thenable.status = 'pending';
  promise.then(
    (value) => {
      thenable.status = 'fulfilled';
      thenable.value = value;
    },
    (reason: unknown) => {
      thenable.status = 'rejected';
      thenable.reason = reason;
    },
  );
  return promise;
}
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
  pending.set(slot, tracked(promise, hasCatalogue(language, namespace)));
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
