import { ArrowUpRightIcon, HistoryIcon, XIcon } from 'lucide-react';
import { NO_VALUE } from '@/client/lib/no-value';
import { useState } from 'react';
import type * as React from 'react';
import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { Button } from '@/client/components/ui/button';
import { TableCell, TableRow } from '@/client/components/ui/table';
import { AdminRecordCards } from '@/client/components/layout/admin-record-cards';
import { CardsOrTable } from '@/client/components/layout/cards-or-table';
import { formatDateTime } from '@/client/lib/format-date-time';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { paths } from '@/shared/paths';
import type { AuditEntry } from '@/shared/schemas/admin-views';
import { useAuditLog } from '@/client/api/audit/get-audit-log';
import type { AuditLogFilters } from '@/client/api/audit/keys';
import { type ActivityFilterValues, ActivityFilters, noActivityFilters } from './activity-filters';
import { actionLabel, detailOf, resourceLabel, shortUserAgent } from './audit-labels';
import { PagedListView } from '@/client/components/ui/paged-list-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const shortId = (id: string) => (UUID.test(id) ? id.slice(0, 8) : id);

/** The first and last instant of the chosen days, in the reader's time zone. */
function periodOf(values: ActivityFilterValues): { from?: string; to?: string; error?: string } {
  const from = values.fromDay ? new Date(`${values.fromDay}T00:00:00`) : undefined;
  const to = values.toDay ? new Date(`${values.toDay}T23:59:59.999`) : undefined;
  if (from && to && from > to)
    return { error: 'The “To” date must not be before the “From” date.' };
  return {
    from: from && !Number.isNaN(from.getTime()) ? from.toISOString() : undefined,
    to: to && !Number.isNaN(to.getTime()) ? to.toISOString() : undefined,
  };
}

/**
 * Activity: the audit log (decisions.md section 4) — who did what to which record,
 * when and from where; filtered on the server, newest first, page by page.
 */
export function ActivityTab() {
  const [values, setValues] = useState<ActivityFilterValues>(noActivityFilters);
  const [focus, setFocus] = useState<Focus | null>(null);
  const search = useDebouncedValue(values.search.trim());
  const period = periodOf(values);
  const filters: AuditLogFilters = {
    search: search || undefined,
    action: values.action || undefined,
    userType: values.who === 'anyone' ? undefined : values.who,
    from: period.from,
    to: period.to,
    ...(focus?.kind === 'record' ? { resource: focus.resource, resourceId: focus.resourceId } : {}),
    ...(focus?.kind === 'user' ? { userId: focus.userId } : {}),
  };
  const filtered = Object.values(filters).some(Boolean);
  const list = useAuditLog(filters);
  const clearAll = () => {
    setValues(noActivityFilters);
    setFocus(null);
  };

  return (
    <AdminTabSection
      id="activity-heading"
      title="Activity"
      description="Every sign-in, change and refused access, newest first."
    >
      <ActivityFilters
        values={values}
        onChange={setValues}
        rangeError={period.error}
        onClear={clearAll}
        canClear={focus !== null}
      />
      {focus && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
          <span>
            Only the activity {focus.kind === 'user' ? 'of' : 'on'}{' '}
            <strong className="wrap-anywhere">{focus.label}</strong>
          </span>
          <Button variant="ghost" size="sm" onClick={() => setFocus(null)} className="ml-auto">
            <XIcon aria-hidden="true" />
            Show everything
          </Button>
        </div>
      )}

      <PagedListView
        list={list}
        noun="activity"
        countNoun="entries"
        icon={<HistoryIcon className="size-8" aria-hidden="true" />}
        emptyText="No activity recorded yet."
        noMatchText="Nothing matches these filters."
        filtered={filtered}
        onClearFilters={clearAll}
        loadingCount={5}
      >
        <CardsOrTable
          cards={
            <AdminRecordCards
              items={list.items}
              label="Audit log, newest first."
              busy={list.isFetching}
              keyOf={(entry) => entry.id}
              dataAttribute="data-audit-id"
              heading={(entry) => (
                <>
                  <p className="font-medium">{actionLabel(entry.action)}</p>
                  {detailOf(entry) && (
                    <p className="text-sm text-muted-foreground">{detailOf(entry)}</p>
                  )}
                </>
              )}
              badge={(entry) => (
                <time dateTime={entry.timestamp} className="text-xs text-muted-foreground">
                  {formatDateTime(entry.timestamp)}
                </time>
              )}
              fields={(entry) => [
                { label: 'Who', value: <Actor entry={entry} onFocus={setFocus} />, wide: true },
                { label: 'Record', value: <RecordCell entry={entry} onFocus={setFocus} /> },
                { label: 'From where', value: <FromWhere entry={entry} /> },
              ]}
            />
          }
          columns={[
            { header: 'When' },
            { header: 'Who' },
            { header: 'Action' },
            { header: 'Record' },
            { header: 'From where' },
          ]}
          caption="Audit log, newest first."
          busy={list.isFetching}
        >
          {list.items.map((entry) => (
            <TableRow key={entry.id} data-audit-id={entry.id}>
              <TableCell className="whitespace-nowrap">
                <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
              </TableCell>
              <TableCell className="min-w-48">
                <Actor entry={entry} onFocus={setFocus} />
              </TableCell>
              <TableCell className="min-w-48">
                <p className="font-medium">{actionLabel(entry.action)}</p>
                {detailOf(entry) && (
                  <p className="text-muted-foreground wrap-anywhere">{detailOf(entry)}</p>
                )}
              </TableCell>
              <TableCell className="min-w-36">
                <RecordCell entry={entry} onFocus={setFocus} />
              </TableCell>
              <TableCell className="min-w-40">
                <FromWhere entry={entry} />
              </TableCell>
            </TableRow>
          ))}
        </CardsOrTable>
      </PagedListView>
    </AdminTabSection>
  );
}

/** One record or one person the list is narrowed to, from a button in a row. */
type Focus =
  | { kind: 'record'; resource: string; resourceId: string; label: string }
  | { kind: 'user'; userId: string; label: string };

function FocusButton({
  onClick,
  hint,
  children,
}: {
  onClick: () => void;
  hint: string;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="link"
      className="h-auto p-0 text-left font-medium whitespace-normal text-foreground wrap-anywhere"
      onClick={onClick}
    >
      <span className="sr-only">{hint} </span>
      {children}
    </Button>
  );
}

function Actor({ entry, onFocus }: { entry: AuditEntry; onFocus: (focus: Focus) => void }) {
  const { userId } = entry;
  if (!userId) return <span className="text-muted-foreground">Visitor (not signed in)</span>;
  const type =
    entry.userType === 'admin' ? 'Admin' : entry.userType === 'participant' ? 'Participant' : null;
  const badge = type && (
    <Badge variant={entry.userType === 'admin' ? 'info' : 'outline'}>{type}</Badge>
  );
  const name = entry.actorName ?? entry.actorEmail ?? `${type ?? 'Account'} ${shortId(userId)}`;
  const show = () => onFocus({ kind: 'user', userId, label: name });
  return (
    <div className="grid gap-0.5">
      <div className="flex flex-wrap items-center gap-2">
        <FocusButton onClick={show} hint="Show only the activity of">
          {entry.actorEmail ? name : <span className="font-mono text-xs">{shortId(userId)}</span>}
        </FocusButton>
        {badge}
      </div>
      {entry.actorEmail && entry.actorName && (
        <span className="text-xs text-muted-foreground wrap-anywhere">{entry.actorEmail}</span>
      )}
      {!entry.actorEmail && <span className="text-xs text-muted-foreground">Account deleted</span>}
    </div>
  );
}

function RecordCell({ entry, onFocus }: { entry: AuditEntry; onFocus: (focus: Focus) => void }) {
  const label = resourceLabel(entry.resource);
  const { resourceId: id, resource } = entry;
  if (!id || resource === 'settings') return <span>{label}</span>;
  if (resource === 'route') {
    return (
      <span>
        {label} <code className="text-xs wrap-anywhere">{id}</code>
      </span>
    );
  }
  const name = `${label} ${shortId(id)}`;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span title={id}>
        <FocusButton
          onClick={() => onFocus({ kind: 'record', resource, resourceId: id, label: name })}
          hint="Show only the activity on"
        >
          {label} <span className="font-mono text-xs">{shortId(id)}</span>
        </FocusButton>
      </span>
      {resource === 'study' && entry.action !== 'study.delete' && (
        <Link
          to={paths.adminStudy(id)}
          className="inline-flex items-center gap-0.5 text-xs text-primary underline-offset-4 hover:underline"
        >
          Open
          <span className="sr-only"> study {shortId(id)}</span>
          <ArrowUpRightIcon className="size-3" aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}

/** The address and, shortened, the browser an entry came from. */
function FromWhere({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <p className="font-mono text-xs">{entry.ipAddress ?? NO_VALUE}</p>
      {entry.userAgent && (
        <p className="text-xs text-muted-foreground" title={entry.userAgent}>
          {shortUserAgent(entry.userAgent)}
        </p>
      )}
    </>
  );
}
