import type { ReactNode } from 'react';
import { useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { Button } from './button';
import { EmptyState, ErrorState, LoadingList } from './list-states';
import { LoadMore } from './load-more';

/** What a paged list (src/client/lib/use-paged-list.ts) tells its view. */
export type PagedListState<T> = {
  items: T[];
  total: number | undefined;
  /** `total` is an estimate (decision 037): "of about …". */
  totalEstimated?: boolean;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
};

/**
 * A paged list with its states (conventions 9): loading; an error with retry when nothing
 * is shown yet; empty, or "no match" with a way out of the filters; then the rows
 * (`children`), a refresh error above them if a later request failed, and "Load more".
 */
export function PagedListView<T>({
  list,
  noun,
  countNoun = noun,
  icon,
  emptyText,
  noMatchText,
  filtered,
  onClearFilters,
  loadingCount = 4,
  children,
}: {
  list: PagedListState<T>;
  /** Plural, lower case: "payments". */
  noun: string;
  /** The noun of "Showing 50 of 120 …", when it differs. */
  countNoun?: string;
  icon: ReactNode;
  emptyText: ReactNode;
  noMatchText?: string;
  filtered: boolean;
  onClearFilters: () => void;
  loadingCount?: number;
  children: ReactNode;
}) {
  const t = useT('ui');
  const tc = useT('common');
  if (list.isPending) {
    return (
      <LoadingList label={t('list.loading', { noun })} count={loadingCount} itemClassName="h-12" />
    );
  }
  if (list.isError && list.items.length === 0) {
    return (
      <ErrorState
        title={t('list.loadFailed', { noun })}
        message={errorMessageOf(list.error, tc('error.tryAgain'))}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.items.length === 0) {
    return (
      <EmptyState icon={icon}>
        {filtered ? (
          <>
            <p role="status">{noMatchText ?? t('list.noMatch', { noun })}</p>
            <Button variant="link" onClick={onClearFilters}>
              {t('list.clearFilters')}
            </Button>
          </>
        ) : (
          <p>{emptyText}</p>
        )}
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-3">
      {list.isError && (
        <ErrorState
          title={t('list.refreshFailed', { noun })}
          message={errorMessageOf(list.error, tc('error.tryAgain'))}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {children}
      <LoadMore
        shown={list.items.length}
        total={list.total}
        estimated={list.totalEstimated}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        noun={countNoun}
      />
    </div>
  );
}
