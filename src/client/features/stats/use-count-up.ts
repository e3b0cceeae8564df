import { type RefObject, useEffect, useRef, useState } from 'react';

/** Spec section 9: a counter runs for 2000 ms. */
export const COUNT_UP_MS = 2000;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * A number that counts to `target`. It starts as `target`, so the prerendered HTML
 * and the first client render agree (no hydration mismatch). The first time `run`
 * is true it counts up from 0 over `duration` ms; later changes of `target` count
 * from the number shown. With reduced motion the target is shown at once.
 */
export function useCountUp(target: number, run: boolean, duration: number = COUNT_UP_MS): number {
  const [value, setValue] = useState(target);
  const shown = useRef(target);
  const started = useRef(false);

  useEffect(() => {
    if (!run) {
      // Not on screen yet: keep the number current without moving it.
      if (!started.current) {
        shown.current = target;
        setValue(target);
      }
      return;
    }
    const from = started.current ? shown.current : 0;
    started.current = true;
    const show = (next: number) => {
      shown.current = next;
      setValue(next);
    };
    if (from === target || prefersReducedMotion()) {
      show(target);
      return;
    }
    show(from);
    let frame = 0;
    let startedAt: number | undefined;
    const tick = (now: number) => {
      startedAt ??= now;
      const progress = Math.min(1, (now - startedAt) / duration);
      show(progress >= 1 ? target : Math.floor(from + (target - from) * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, run, duration]);

  return value;
}

/** True once the element has been at least partly on screen (or at once without IntersectionObserver). */
export function useSeenOnce(ref: RefObject<Element | null>, threshold = 0.2): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold]);
  return seen;
}
