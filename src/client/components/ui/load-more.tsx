import { Button } from '@/client/components/ui/button';
import { useLanguage, useT } from '@/client/i18n/language';
import { localeOf } from '@/shared/i18n/languages';

/** "Showing 50 of 1,234" and a button for the next page of a paged list. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
  noun,
  estimated = false,
}: {
  shown: number;
  total: number | undefined;
  /** `total` is the server's estimate (decision 037): "of about …". */
  estimated?: boolean | undefined;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Plural noun for the count, e.g. "participants". */
  noun: string;
}) {
  const t = useT('ui');
  const locale = localeOf[useLanguage()];
  if (shown === 0) return null;
  const count = { shown: shown.toLocaleString(locale), noun };
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      <p aria-live="polite">
        {total === undefined
          ? t('list.showing', count)
          : t(estimated ? 'list.showingOfAbout' : 'list.showingOf', {
              ...count,
              total: total.toLocaleString(locale),
            })}
      </p>
      {hasMore && (
        <Button variant="outline" size="sm" onClick={onLoadMore} disabled={loading}>
          {loading ? t('list.loadingMore') : t('list.loadMore')}
        </Button>
      )}
    </div>
  );
}
