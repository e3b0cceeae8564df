import { Button } from '@/client/components/ui/button';

/** "Showing 50 of 1,234" and a button for the next page of a paged list. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
  noun,
}: {
  shown: number;
  total: number | undefined;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Plural noun for the count, e.g. "participants". */
  noun: string;
}) {
  if (shown === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      <p aria-live="polite">
        Showing {shown.toLocaleString('en-KE')}
        {total !== undefined && ` of ${total.toLocaleString('en-KE')}`} {noun}
      </p>
      {hasMore && (
        <Button variant="outline" size="sm" onClick={onLoadMore} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
