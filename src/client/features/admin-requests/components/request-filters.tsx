import type { RequestStatus } from '@/shared/schemas/options';
import { requestStatusOptions } from './request-status';
import { FilterSelect, SearchField } from '@/client/components/ui/filter-controls';

type Props = {
  search: string;
  onSearchChange: (value: string) => void;
  status: RequestStatus | undefined;
  onStatusChange: (value: RequestStatus | undefined) => void;
  searchHint: string;
};

/** The search box (server-side, debounced by the caller) and the status filter of a request list. */
export function RequestFilters({
  search,
  onSearchChange,
  status,
  onStatusChange,
  searchHint,
}: Props) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchField
        label="Search"
        value={search}
        onChange={onSearchChange}
        placeholder={searchHint}
        className="flex-1"
      />
      <FilterSelect
        label="Status"
        value={status}
        onChange={onStatusChange}
        options={requestStatusOptions}
        allLabel="All statuses"
        className="sm:w-48"
      />
    </div>
  );
}
