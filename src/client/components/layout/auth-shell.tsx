import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { SkipLink } from './skip-link';

/** The frame of the sign-in, sign-up and password screens: the logo (a link home) and a card. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <SkipLink />
      <header className="relative flex justify-center px-4 pt-10 pb-6">
        <Logo />
        <LanguageSwitch className="absolute top-2 right-2 inline-flex px-3 text-sm" />
      </header>
      <main id="main" tabIndex={-1} className="flex-1 px-4 pb-16 outline-none">
        <div className="mx-auto w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
