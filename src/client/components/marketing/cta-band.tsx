import type { ReactNode } from 'react';
import { HydrationUnit } from '@/client/components/layout/hydration-unit';

/** A closing call to action: a short pitch and its buttons on the brand colour. */
export function CtaBand({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <HydrationUnit deferUntilNear={titleId}>
      <section aria-labelledby={titleId} className="px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-6xl rounded-2xl bg-primary px-6 py-12 text-primary-foreground sm:px-12">
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-balance">
            {title}
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-blue-50">{text}</p>
          <div className="mt-8 flex flex-wrap gap-3">{children}</div>
        </div>
      </section>
    </HydrationUnit>
  );
}
