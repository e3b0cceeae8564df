import type { ReactNode } from 'react';
import { ErrorState } from '@/client/components/ui/list-states';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';

/**
 * The detail of one mail or SMS in its View dialog: a skeleton while it loads, an error
 * with Try again (none for a 404: it will not be there on a second try either), then
 * `children` with the data.
 */
export function OutboxDetail<T>({
  query,
  noun,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  noun: 'mail' | 'SMS';
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={`Loading the ${noun}…`} className="grid gap-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    const gone = getApiErrorDetails(query.error).status === 404;
    return (
      <ErrorState
        title={`We could not load the ${noun}.`}
        message={errorMessageOf(
          query.error,
          gone ? `This ${noun} no longer exists.` : 'Please try again.',
        )}
        onRetry={gone ? undefined : () => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}
