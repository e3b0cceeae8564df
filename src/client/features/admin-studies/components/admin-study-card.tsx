import {
  ArrowRightIcon,
  CalendarIcon,
  ClockIcon,
  Loader2Icon,
  LockIcon,
  Trash2Icon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { StudyCompany, StudyFact } from '@/client/components/domain/study-facts';
import { StudyTags } from '@/client/components/domain/study-tags';
import { toastFailure } from '@/client/lib/toast-failure';
import { hoursLabel, studyDateRange } from '@/client/lib/study-text';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Label } from '@/client/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/client/components/ui/select';
import {
  StudyStatusBadge,
  studyStatusLabels,
  studyStatusOptions,
} from '@/client/components/domain/study-status-badge';
import { toast } from '@/client/components/ui/use-toast';
import { formatKes, formatKesDecimal, studyPayCents } from '@/shared/rules/money';
import { paths } from '@/shared/paths';
import type { StudyStatus } from '@/shared/schemas/options';
import { studyStatuses } from '@/shared/schemas/options';
import type { Study } from '@/shared/schemas/studies';
import { useDeleteStudy } from '@/client/api/studies/delete-study';
import { useUpdateStudyStatus } from '@/client/api/studies/update-study-status';

const isStudyStatus = (value: string): value is StudyStatus =>
  (studyStatuses as readonly string[]).includes(value);

/** One study on the admin Tests tab: its facts, a status selector, delete, and a link to its page. */
export function AdminStudyCard({ study }: { study: Study }) {
  const titleId = `admin-study-${study.id}-title`;
  const statusId = useId();
  const updateStatus = useUpdateStudyStatus();
  const pay = formatKes(studyPayCents(study.payRate, study.duration));

  async function changeStatus(value: string) {
    if (!isStudyStatus(value) || value === study.status) return;
    try {
      await updateStatus.mutateAsync({ id: study.id, status: value });
      toast({
        title: 'Test status updated',
        description: `"${study.title}" is now ${studyStatusLabels[value]}.`,
      });
    } catch (error) {
      toastFailure(
        'Failed to update test status',
        error,
        'The status was not changed. Please try again.',
      );
    }
  }

  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild className="min-w-0 text-lg">
            <h3 id={titleId} className="wrap-anywhere">
              <Link
                to={paths.adminStudy(study.id)}
                className="rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {study.title}
              </Link>
            </h3>
          </CardTitle>
          <StudyStatusBadge status={study.status} />
        </div>
        <StudyCompany company={study.company} />
        <StudyTags tags={study.tags} truncate />
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4">
        <dl className="grid gap-3 sm:grid-cols-2">
          <StudyFact icon={<WalletIcon className="size-4" aria-hidden="true" />} term="Pay">
            {formatKesDecimal(study.payRate)} per hour · {pay} per participant
          </StudyFact>
          <StudyFact icon={<ClockIcon className="size-4" aria-hidden="true" />} term="Duration">
            {hoursLabel(study.duration)}
          </StudyFact>
          <StudyFact icon={<UsersIcon className="size-4" aria-hidden="true" />} term="Places">
            {study.currentParticipants} / {study.maxParticipants} filled
          </StudyFact>
          <StudyFact icon={<CalendarIcon className="size-4" aria-hidden="true" />} term="Dates">
            {studyDateRange(study)}
          </StudyFact>
        </dl>
        <div className="grid gap-1.5">
          <Label htmlFor={statusId}>
            Status<span className="sr-only"> of {study.title}</span>
          </Label>
          <Select
            value={study.status}
            onValueChange={(value) => void changeStatus(value)}
            disabled={updateStatus.isPending}
          >
            <SelectTrigger id={statusId} className="sm:max-w-56">
              <SelectValue />
              {updateStatus.isPending && (
                <Loader2Icon className="ml-auto size-4 animate-spin" aria-label="Saving…" />
              )}
            </SelectTrigger>
            <SelectContent>
              {studyStatusOptions.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-2 border-t pt-4">
        <DeleteStudyButton study={study} />
        <Button asChild variant="outline" size="sm" className="ml-auto">
          <Link to={paths.adminStudy(study.id)} aria-label={`View details of ${study.title}`}>
            View details
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * Delete, offered only where it can succeed: a study with payments is kept for the accounts
 * (the server answers 409), so it says why and points to Cancelled instead.
 */
function DeleteStudyButton({ study }: { study: Study }) {
  if ((study.paymentCount ?? 0) > 0) {
    return (
      <p
        className="flex items-center gap-1.5 text-xs text-muted-foreground"
        title="A test with payments is kept for the accounts: set its status to Cancelled."
      >
        <LockIcon className="size-3.5 shrink-0" aria-hidden="true" />
        Has payments: cancel instead
        <span className="sr-only"> of deleting (set the status to Cancelled)</span>
      </p>
    );
  }
  return <DeleteStudyConfirm study={study} />;
}

function DeleteStudyConfirm({ study }: { study: Study }) {
  const remove = useDeleteStudy();

  async function confirm() {
    try {
      await remove.mutateAsync(study.id);
      toast({ title: 'Test deleted', description: `"${study.title}" was deleted.` });
    } catch (error) {
      toastFailure('Failed to delete test', error, 'The test was not deleted. Please try again.');
    }
    return true;
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive">
          <Trash2Icon aria-hidden="true" />
          Delete
          <span className="sr-only"> {study.title}</span>
        </Button>
      }
      title={<>Delete &ldquo;{study.title}&rdquo;?</>}
      description="Are you sure you want to delete this test? This action cannot be undone."
      confirmLabel="Delete test"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <p className="text-sm text-muted-foreground">
        Its applications are deleted with it. A test that has payments cannot be deleted: set its
        status to Cancelled instead.
      </p>
    </ConfirmDialog>
  );
}
