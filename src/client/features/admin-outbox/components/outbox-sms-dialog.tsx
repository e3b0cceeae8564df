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
import { formatDateTime } from '@/client/lib/format-date-time';
import type { OutboxSms } from '@/shared/schemas/sms-outbox';
import { useOutboxSms } from '@/client/api/sms-outbox/get-outbox-sms';
import { OutboxDetail } from './outbox-detail';
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
  return (
    <OutboxDetail query={query} noun="SMS">
      {(detail) => (
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
      )}
    </OutboxDetail>
  );
}
