import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';
import { HydrationUnit } from '@/client/components/layout/hydration-unit';

/** A page section with its h2: an optional eyebrow, the title and an intro line. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  className,
  headerClassName,
}: {
  /** Anchor of the section; its heading gets `${id}-title`. */
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  headerClassName?: string;
}) {
  const titleId = `${id}-title`;
  return (
    <HydrationUnit deferUntilNear={titleId}>
      <section
        id={id}
        aria-labelledby={titleId}
        className={cn('scroll-mt-20 py-16 sm:py-20', className)}
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className={cn('max-w-2xl', headerClassName)}>
            {eyebrow && (
              <p className="text-sm font-semibold tracking-wide text-primary uppercase">
                {eyebrow}
              </p>
            )}
            <h2
              id={titleId}
              className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
            >
              {title}
            </h2>
            {intro && <p className="mt-4 text-lg text-muted-foreground">{intro}</p>}
          </div>
          {children}
        </div>
      </section>
    </HydrationUnit>
  );
}
