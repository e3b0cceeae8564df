import { EyeIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { ErrorState } from '@/client/components/ui/list-states';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDateTime } from '@/client/lib/format-date-time';
import type { OutboxSms } from '@/shared/schemas/sms-outbox';
import { useOutboxSms } from '@/client/api/sms-outbox/get-outbox-sms';
import { mailKindLabel, OutboxStatusBadge } from './outbox-labels';

/** "View" on an SMS row: its text as it was (or will be) sent, and the provider's id once sent. */
export function OutboxSmsDialog({ sms }: { sms: OutboxSms }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="ghost"
          data-outbox-view=""
          aria-label={`View the SMS to ${sms.to}`}
        >
          <EyeIcon aria-hidden="true" />
          View
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>SMS to {sms.to}</DialogTitle>
          <DialogDescription>
            {mailKindLabel(sms.kind)}, queued {formatDateTime(sms.createdAt)}.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Status:</span>
          <OutboxStatusBadge status={sms.status} />
        </div>
        {open && <SmsText id={sms.id} />}
      </DialogContent>
    </Dialog>
  );
}

function SmsText({ id }: { id: string }) {
  const query = useOutboxSms(id);
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the SMS…" className="grid gap-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  }
  if (query.isError) {
    // An SMS that is not there (404) will not be there on a second try either.
    const gone = getApiErrorDetails(query.error).status === 404;
    return (
      <ErrorState
        title="We could not load the SMS."
        message={errorMessageOf(
          query.error,
          gone ? 'This SMS no longer exists.' : 'Please try again.',
        )}
        onRetry={gone ? undefined : () => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const detail = query.data;
  return (
    <div className="grid gap-2">
      <pre
        tabIndex={0}
        aria-label="SMS text"
        className="max-h-60 overflow-auto rounded-lg border bg-muted/40 p-4 font-sans text-sm whitespace-pre-wrap wrap-anywhere"
      >
        {detail.body}
      </pre>
      {detail.providerMessageId && (
        <p className="text-xs wrap-anywhere text-muted-foreground">
          Provider’s message id: {detail.providerMessageId}
        </p>
      )}
    </div>
  );
}
