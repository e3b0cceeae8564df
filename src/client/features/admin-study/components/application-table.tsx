import type { ReactNode } from 'react';
import { NO_VALUE } from '@/client/lib/no-value';
import { TableCell, TableRow } from '@/client/components/ui/table';
import { AdminRecordCards } from '@/client/components/layout/admin-record-cards';
import { CardsOrTable } from '@/client/components/layout/cards-or-table';
import { formatDate } from '@/client/lib/format-date';
import type { AdminApplication } from '@/shared/schemas/applications';
import { ReliabilityLine } from '@/client/components/layout/admin-applicant-record';

export type RenderActions = (application: AdminApplication, full: boolean) => ReactNode;
export type RenderStatus = (application: AdminApplication) => ReactNode;

export function participantName(application: AdminApplication): string {
  const person = application.participant;
  return person ? `${person.firstName} ${person.lastName}`.trim() : 'Deleted participant';
}

/** A column beyond the person: its heading and how each row fills it. */
export type ExtraColumn = {
  header: string;
  cell: (application: AdminApplication) => ReactNode;
  className?: string;
  /** On a phone's card: the whole width (a session's day and time does not fit half). */
  wide?: boolean;
};

/**
 * The applications of one study as a table (cards on a phone): the person (name, e-mail,
 * phone), the columns the tab asks for, and the row actions composed by the page.
 */
export function ApplicationTable({
  caption,
  applications,
  columns,
  renderActions,
  full,
}: {
  caption: string;
  applications: readonly AdminApplication[];
  columns: readonly ExtraColumn[];
  renderActions: RenderActions;
  full: boolean;
}) {
  return (
    <CardsOrTable
      cards={
        <AdminRecordCards
          items={applications}
          label={caption}
          keyOf={(application) => application.id}
          dataAttribute="data-application-id"
          heading={(application) => (
            <>
              <p className="font-medium">{participantName(application)}</p>
              {application.participant && (
                <>
                  <p className="text-sm text-muted-foreground">{application.participant.email}</p>
                  <p className="text-xs text-muted-foreground">{application.participant.phone}</p>
                  <ReliabilityLine application={application} />
                </>
              )}
            </>
          )}
          fields={(application) =>
            columns.map((column) => ({
              label: column.header,
              value: column.cell(application),
              wide: column.wide,
            }))
          }
          actions={(application) => (
            <div className="flex flex-wrap gap-2">{renderActions(application, full)}</div>
          )}
        />
      }
      busy={false}
      columns={[
        { header: 'Participant' },
        { header: 'Phone' },
        ...columns,
        { header: 'Actions', className: 'text-right' },
      ]}
      caption={caption}
    >
      {applications.map((application) => (
        <TableRow key={application.id}>
          <TableCell className="min-w-44">
            <div className="font-medium">{participantName(application)}</div>
            {application.participant && (
              <>
                <div className="text-muted-foreground wrap-anywhere">
                  {application.participant.email}
                </div>
                <ReliabilityLine application={application} />
              </>
            )}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {application.participant?.phone ?? NO_VALUE}
          </TableCell>
          {columns.map((column) => (
            <TableCell key={column.header} className={column.className}>
              {column.cell(application)}
            </TableCell>
          ))}
          <TableCell className="text-right">
            <div className="flex flex-wrap justify-end gap-2">
              {renderActions(application, full)}
            </div>
          </TableCell>
        </TableRow>
      ))}
    </CardsOrTable>
  );
}

export const dateCell = (value: string | null) => formatDate(value) ?? NO_VALUE;
