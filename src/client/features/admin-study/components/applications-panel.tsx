import { EmptyState, LoadingList } from '@/client/components/ui/list-states';
import type { AdminApplication } from '@/shared/schemas/applications';
import { ApplicationTable, type ExtraColumn, type RenderActions } from './application-table';

/** One tab's applications: loading, nothing, or the table. */
export function ApplicationsPanel({
  state,
  items,
  empty,
  caption,
  columns,
  renderActions,
  full,
}: {
  state: { isPending: boolean; isError: boolean };
  items: readonly AdminApplication[];
  empty: string;
  caption: string;
  columns: readonly ExtraColumn[];
  renderActions: RenderActions;
  full: boolean;
}) {
  if (state.isPending)
    return <LoadingList label="Loading applications…" count={2} itemClassName="h-16" />;
  // The error and its retry are shown once, above the tabs.
  if (state.isError) return null;
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ApplicationTable
      caption={caption}
      applications={items}
      columns={columns}
      renderActions={renderActions}
      full={full}
    />
  );
}
