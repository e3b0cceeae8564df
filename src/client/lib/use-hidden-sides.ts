import { useEffect, useRef, useState } from 'react';

/**
 * Which sides of a box that scrolls sideways hide part of its content (`start`: scrolled
 * away from the start; `end`: more beyond the end), kept up to date as it scrolls or resizes.
 */
export function useHiddenSides<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const start = box.scrollLeft > 1;
      const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setHidden((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return { ref, hidden };
}
