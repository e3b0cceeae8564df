import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useToast } from './use-toast';

const loadToaster = () => import('./toaster').then((m) => ({ default: m.Toaster }));
const newLazyToaster = () => lazy(loadToaster);

/**
 * Mounts the toaster (Radix Toast) when the first toast is raised, so pages that never
 * show one do not download it with the page; its code is fetched when the browser is idle
 * after loading, so a toast raised later (offline, say) finds it there. If it still cannot
 * be fetched, the toasts are shown plainly instead of the page failing, and the toaster is
 * tried again when the browser is back online.
 */
export function DeferredToaster({
  prefetch = true,
}: {
  /** Fetch the toaster when the browser is idle (false: only when a toast is raised). */
  prefetch?: boolean;
}) {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  const [Toaster, setToaster] = useState(newLazyToaster);
  if (!needed && toasts.length > 0) setNeeded(true);

  useEffect(() => {
    if (!prefetch) return;
    const fetchWhenIdle = () => void loadToaster().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(fetchWhenIdle, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(fetchWhenIdle, 3000);
    return () => clearTimeout(id);
  }, [prefetch]);

  if (!needed) return null;
  return (
    <ToasterBoundary onRetry={() => setToaster(newLazyToaster)}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ToasterBoundary>
  );
}

type BoundaryProps = { children: ReactNode; onRetry: () => void };

/** The toaster's code failed to load: the plain toasts, until the browser is online again. */
class ToasterBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private retry = () => {
    window.removeEventListener('online', this.retry);
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override componentDidCatch() {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  override render() {
    return this.state.failed ? <PlainToasts /> : this.props.children;
  }
}

/** How long a plain toast stays, as the toaster's own. */
const PLAIN_TOAST_MS = 8000;

/**
 * The toasts' words in a live region, without the toaster's code (nor a catalogue: the
 * words come translated); each goes by itself after a few seconds.
 */
function PlainToasts() {
  const { toasts, dismiss } = useToast();
  const shown = toasts.filter((t) => t.open !== false);
  const ids = shown.map((t) => t.id).join(' ');
  useEffect(() => {
    if (!ids) return;
    const timer = setTimeout(() => {
      for (const id of ids.split(' ')) dismiss(id);
    }, PLAIN_TOAST_MS);
    return () => clearTimeout(timer);
  }, [ids, dismiss]);
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="plain-toasts"
      className="fixed inset-x-0 bottom-0 z-[100] flex flex-col gap-2 p-4 sm:left-auto sm:max-w-[420px]"
    >
      {shown.map((t) => (
        <div
          key={t.id}
          className={
            t.variant === 'destructive'
              ? 'rounded-md border border-red-700 bg-red-700 p-4 text-sm text-white shadow-lg'
              : 'rounded-md border bg-background p-4 text-sm text-foreground shadow-lg'
          }
        >
          {t.title && <p className="font-semibold">{t.title}</p>}
          {t.description && <div>{t.description}</div>}
        </div>
      ))}
    </div>
  );
}
