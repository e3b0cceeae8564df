import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DeferredToaster } from '@/client/components/ui/deferred-toaster';
import { LanguageProvider } from '@/client/i18n/language';
import { LanguageSync } from '@/client/i18n/language-sync';
import { createQueryClient } from '@/client/lib/query-client';
import { QueryReads } from '@/client/lib/query-reads';

/**
 * Data and toasts for the whole app. A prerender passes its own query client.
 * Tooltips get their provider in the signed-in area (app-area-layout.tsx).
 */
export function Providers({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryReads client={client}>
      <LanguageProvider>
        <LanguageSync />
        {children}
        <DeferredToaster />
      </LanguageProvider>
    </QueryReads>
  );
}
