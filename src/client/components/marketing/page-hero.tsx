import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';
import { HydrationUnit } from '@/client/components/layout/hydration-unit';

/** The top of a marketing page: its one h1, an intro and the main calls to action. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  aside,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  /** The calls to action, usually buttons. */
  children?: ReactNode;
  /** Optional content beside the text on wide screens. */
  aside?: ReactNode;
}) {
  return (
    <HydrationUnit>
      <section className="border-b bg-gradient-to-b from-accent to-background">
        <div
          className={cn(
            'mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24',
            aside && 'lg:grid-cols-[1.2fr_1fr]',
          )}
        >
          <div className={aside ? undefined : 'max-w-3xl'}>
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              {title}
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-muted-foreground">{intro}</p>
            {children && <div className="mt-10 flex flex-wrap gap-3">{children}</div>}
          </div>
          {aside}
        </div>
      </section>
    </HydrationUnit>
  );
}
