import { CalendarIcon, EyeIcon, LockIcon } from 'lucide-react';
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
import type { OutboxMail } from '@/shared/schemas/outbox';
import { useOutboxMail } from '@/client/api/outbox/get-outbox-mail';
import { OutboxDetail } from './outbox-detail';
import { mailKindLabel, OutboxStatusBadge } from './outbox-labels';

const hiddenText = {
  sensitive:
    'The content of this mail is never shown: it holds a link that lets whoever has it set the account’s password.',
  purged: 'The content of this mail was removed 7 days after it was sent.',
};

/** "View" on a row: the mail's text as it was (or will be) sent, unless it is secret or purged. */
export function OutboxMailDialog({ mail }: { mail: OutboxMail }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="ghost"
          data-outbox-view=""
          aria-label={`View the mail to ${mail.recipient}`}
        >
          <EyeIcon aria-hidden="true" />
          View
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{mail.subject}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {mailKindLabel(mail.kind)} to {mail.recipient}, queued {formatDateTime(mail.createdAt)}.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Status:</span>
          <OutboxStatusBadge status={mail.status} />
        </div>
        {open && <MailBody id={mail.id} />}
      </DialogContent>
    </Dialog>
  );
}

function MailBody({ id }: { id: string }) {
  const query = useOutboxMail(id);
  return (
    <OutboxDetail query={query} noun="mail">
      {(detail) => (
        <>
          {detail.body === null ? (
            <p className="flex items-start gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
              <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {hiddenText[detail.bodyHidden ?? 'sensitive']}
            </p>
          ) : (
            <pre
              tabIndex={0}
              aria-label="Mail text"
              className="max-h-80 overflow-auto rounded-lg border bg-muted/40 p-4 font-sans text-sm whitespace-pre-wrap wrap-anywhere"
            >
              {detail.body}
            </pre>
          )}
          {detail.calendarAttached && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarIcon className="size-4 shrink-0" aria-hidden="true" />
              With a calendar file (invite.ics) for the session.
            </p>
          )}
        </>
      )}
    </OutboxDetail>
  );
}
