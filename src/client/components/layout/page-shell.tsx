import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Island } from './island';
import { Navbar } from './navbar';
import { SkipLink } from './skip-link';

/** The site's frame: skip link, sticky top bar, the page's content and the footer. */
export function PageShell({ account, children }: { account: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Island name="site-header">
        <Navbar account={account} />
      </Island>
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        {children}
      </main>
      <Island name="site-footer">
        <Footer />
      </Island>
    </div>
  );
}
