import { CalendarClockIcon, SettingsIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useStudiesOpen } from '@/client/api/settings/get-studies-open';
import { Button } from '@/client/components/ui/button';
import { adminTabHref } from '@/client/lib/admin-tabs';

/**
 * Decisions.md section 6: while studies are postponed (GET /api/settings), staff read at
 * the top of the console that participants cannot apply until they open studies, with the
 * way to the Settings tab: a button that switches to it (`onOpenSettings`, on the dashboard)
 * or a link to it (elsewhere). Nothing while studies are open, or before the answer is in.
 */
export function StudiesPostponedNotice({ onOpenSettings }: { onOpenSettings?: () => void }) {
  const studiesOpen = useStudiesOpen().data;
  const id = useId();
  if (studiesOpen !== false) return null;
  const label = 'Open studies in Settings';
  return (
    <aside
      aria-labelledby={`${id}-title`}
      data-testid="studies-postponed-notice"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <CalendarClockIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p id={`${id}-title`} className="font-semibold">
            Studies are postponed: participants cannot apply.
          </p>
          <p className="mt-0.5">
            Participants see the postponed notice and cannot apply to any study until you open
            studies. You can still create and activate studies meanwhile.
          </p>
        </div>
      </div>
      {onOpenSettings ? (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 bg-background"
          onClick={onOpenSettings}
        >
          <SettingsIcon aria-hidden="true" />
          {label}
        </Button>
      ) : (
        <Button asChild variant="outline" size="sm" className="shrink-0 bg-background">
          <Link to={adminTabHref('settings')}>
            <SettingsIcon aria-hidden="true" />
            {label}
          </Link>
        </Button>
      )}
    </aside>
  );
}
