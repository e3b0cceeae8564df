import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type IslandName, islandIdPrefix, islandNames } from '@/client/components/layout/island';
import { Navbar } from '@/client/components/layout/navbar';
import { AccountMenu } from '@/client/features/auth/components/account-menu';
import { LanguageProvider } from '@/client/i18n/language';
import { loadPageCatalogues } from '@/client/i18n/page-catalogues';
import { PageReads } from '@/client/lib/page-reads';

/**
 * The entry of the prerendered text pages (decision 039): instead of hydrating the whole
 * page with the router and the app, it hydrates only its islands (see Island), each as a
 * root of its own, and leaves the rest as the server's HTML. Links there load the next
 * page (prerendered too); the router, class merging and the pages' code never download.
 * The top bar is in this file (it is what a visitor touches first) and needs only the
 * `common` messages, the one catalogue the page preloads; the other islands load their
 * code and the page's other messages as the page hydrates.
 */
/** A form's island: its submit needs TanStack Query, which comes with its code (decision 042). */
const withQueryClient = (content: Promise<ReactNode>) =>
  Promise.all([import('@/client/lib/ensure-query-client'), content]).then(
    ([{ EnsureQueryClient }, node]) => <EnsureQueryClient>{node}</EnsureQueryClient>,
  );

const islands: Record<IslandName, () => ReactNode | Promise<ReactNode>> = {
  'site-header': () => <Navbar account={<AccountMenu />} />,
  'site-footer': () => import('@/client/components/layout/footer').then(({ Footer }) => <Footer />),
  'about-contact': () =>
    import('@/client/components/marketing/contact-lists').then(({ AboutContactList }) => (
      <AboutContactList />
    )),
  'legal-contact': () =>
    import('@/client/components/marketing/contact-lists').then(({ LegalContactList }) => (
      <LegalContactList />
    )),
  'home-studies': () =>
    import('@/client/features/stats/components/home-studies').then(({ HomeStudies }) => (
      <HomeStudies />
    )),
  'inquiry-form': () =>
    withQueryClient(
      import('@/client/features/leads/components/company-inquiry-form').then(
        ({ CompanyInquiryForm }) => <CompanyInquiryForm />,
      ),
    ),
  'inquiry-contact': () =>
    import('@/client/features/leads/components/lead-contacts').then(({ InquiryContactList }) => (
      <InquiryContactList />
    )),
  'research-form': () =>
    withQueryClient(
      import('@/client/features/leads/components/research-request-form').then(
        ({ ResearchRequestForm }) => <ResearchRequestForm />,
      ),
    ),
  'research-contact': () =>
    import('@/client/features/leads/components/lead-contacts').then(({ ResearchTalkFirst }) => (
      <ResearchTalkFirst />
    )),
};

function IslandRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <PageReads>
        <LanguageProvider>{children}</LanguageProvider>
      </PageReads>
    </StrictMode>
  );
}

async function hydrateIsland(element: HTMLElement, name: IslandName) {
  const [content] = await Promise.all([
    islands[name](),
    loadPageCatalogues(name === 'site-header' ? ['common'] : undefined),
  ]);
  // In a transition, as main.tsx: hydration yields to input between slices of work.
  startTransition(() => {
    hydrateRoot(element, <IslandRoot>{content}</IslandRoot>, {
      identifierPrefix: islandIdPrefix(name),
    });
  });
}

/**
 * The forms and the footer hydrate as they come near the viewport (a screen ahead): their
 * code is fetched and run then, not while the page loads (the research form's hydration
 * blocked the main thread for 200 ms, below the first screen). Before that they are the
 * server's HTML: readable, links working; a form's submit button waits, disabled, for its
 * hydration, which scrolling to it or tabbing into it starts. The contact lists are small
 * and follow /api/site: they hydrate at once.
 */
const hydratedNearViewport: ReadonlySet<IslandName> = new Set([
  'site-footer',
  'inquiry-form',
  'research-form',
]);

/** Runs `then` once one of `element`'s boxes is within a screen of the viewport. */
function whenNearViewport(element: HTMLElement, then: () => void) {
  // An island's element has no box of its own (display: contents): its children have.
  const boxes = [...element.children];
  if (boxes.length === 0 || typeof IntersectionObserver === 'undefined') return then();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: '100% 0px' },
  );
  for (const box of boxes) observer.observe(box);
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island as IslandName;
  if (!(islandNames as readonly string[]).includes(name)) continue;
  if (hydratedNearViewport.has(name))
    whenNearViewport(element, () => void hydrateIsland(element, name));
  else void hydrateIsland(element, name);
}

// What has no markup of its own: keeping the chosen language, and the toasts.
void Promise.all([import('./island-extras'), loadPageCatalogues(['common'])]).then(
  ([{ IslandExtras }]) => {
    const extra = document.createElement('div');
    document.body.append(extra);
    createRoot(extra).render(
      <IslandRoot>
        <IslandExtras />
      </IslandRoot>,
    );
  },
);
