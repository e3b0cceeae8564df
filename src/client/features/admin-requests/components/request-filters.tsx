import { SearchIcon } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/client/components/ui/select';
import type { RequestStatus } from '@/shared/schemas/options';
import { requestStatusOptions } from './request-status';

const ALL = 'all';

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
  const searchId = useId();
  const statusId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-1.5">
        <Label htmlFor={searchId}>Search</Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={searchHint}
            maxLength={100}
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5 sm:w-48">
        <Label htmlFor={statusId}>Status</Label>
        <Select
          value={status ?? ALL}
          onValueChange={(value) =>
            onStatusChange(value === ALL ? undefined : (value as RequestStatus))
          }
        >
          <SelectTrigger id={statusId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {requestStatusOptions.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
