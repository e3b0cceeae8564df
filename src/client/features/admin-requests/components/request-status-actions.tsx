import { StatusActions } from '@/client/components/domain/status-actions';
import { requestTransitions } from '@/shared/rules/transitions';
import type { RequestStatus } from '@/shared/schemas/options';
import { requestMoveLabel } from './request-status';

type Props = {
  company: string;
  status: RequestStatus;
  pending: boolean;
  onMove: (to: RequestStatus) => void;
  /** A menu in a table row, or a row of buttons in the details dialog. */
  variant: 'menu' | 'buttons';
};

/**
 * The moves the request's state allows (decisions.md section 5), and only those.
 * Closing is final (a closed request moves nowhere), so it asks first.
 */
export function RequestStatusActions({ company, status, pending, onMove, variant }: Props) {
  const moves = requestTransitions[status];
  const buttons = variant === 'buttons';
  return (
    <StatusActions
      className={buttons ? 'flex flex-wrap gap-2' : undefined}
      moves={moves}
      asButtons={buttons ? moves : []}
      verb={requestMoveLabel}
      button={(_to, index) => ({ variant: index === 0 ? 'default' : 'outline' })}
      menu={{ trigger: 'update', ariaLabel: `Update status: ${company}`, label: 'Move to' }}
      confirm={(to) =>
        to === 'closed'
          ? {
              title: `Close the request from ${company}?`,
              description:
                'A closed request cannot be reopened or moved again. Close it once the work is finished or the lead has gone cold.',
              confirmLabel: 'Close request',
              cancelLabel: 'Keep it open',
              destructive: false,
            }
          : undefined
      }
      pending={pending}
      onMove={onMove}
      empty={
        buttons ? (
          <p className="text-sm text-muted-foreground">This request is closed: no further steps.</p>
        ) : (
          <span className="text-xs text-muted-foreground">No further steps</span>
        )
      }
    />
  );
}
