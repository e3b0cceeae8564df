import { Skeleton } from '@/client/components/ui/skeleton';
import { useT } from '@/client/i18n/language';

/** The placeholder of a page whose code or data is on its way. */
export function PageLoading({ label }: { label?: string }) {
  const t = useT('common');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6" role="status">
      <span className="sr-only">{label ?? t('page.loading')}</span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="mt-4 h-5 w-96 max-w-full" />
      <Skeleton className="mt-10 h-40 w-full" />
    </div>
  );
}
