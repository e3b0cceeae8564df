import { createContext, type ReactNode, use } from 'react';

/**
 * The parts of a prerendered text page that change after it is written (islands.tsx
 * hydrates each on its own; the rest of the page stays the server's HTML, with no
 * JavaScript at all).
 */
export const islandNames = [
  'site-header',
  'site-footer',
  'home-studies',
  'about-contact',
  'legal-contact',
  'inquiry-form',
  'inquiry-contact',
  'research-form',
  'research-contact',
] as const;
export type IslandName = (typeof islandNames)[number];

/** The prefix of React's generated ids (useId) in an island, on the server and in the browser. */
export const islandIdPrefix = (name: IslandName) => `${name}-`;

/**
 * How the prerender writes an island: as a root of its own (a render of its own with the
 * page's providers and islandIdPrefix, awaited like any suspended part of the page), exactly
 * as islands.tsx hydrates it. Asked again for the same island, it answers the same promise. Rendered within the
 * page instead, the ids useId gives (a label's `for`, a field's aria-describedby, a menu's
 * aria-controls) would follow the whole page's tree on the server and the island's in the
 * browser, and hydration keeps the server's: a field's error would name an id nobody has.
 * Absent in the browser, where an Island renders its children in place.
 */
export const IslandRenderContext = createContext<
  ((name: IslandName, children: ReactNode) => Promise<string>) | null
>(null);

/**
 * Marks an island in the markup: a box-less element (display: contents) around exactly
 * what the island renders, so layout and siblings' selectors are as without it.
 */
export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  const renderApart = use(IslandRenderContext);
  if (renderApart)
    return (
      <div
        data-island={name}
        className="contents"
        // The island's own render, React's output for these very components (nothing typed in).
        dangerouslySetInnerHTML={{ __html: use(renderApart(name, children)) }}
      />
    );
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
