import { MailIcon, PhoneIcon } from 'lucide-react';
import { useId } from 'react';
import type * as React from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { formatDateTime } from '@/client/lib/format-date-time';
import type { RequestStatus } from '@/shared/schemas/options';
import { RequestStatusBadge } from './request-status';
import { telHref } from '@/client/lib/tel-href';

type Item = { label: string; value: string | null };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: string;
  company: string;
  status: RequestStatus;
  receivedAt: string;
  contact: { name: string; email: string; phone?: string };
  facts: Item[];
  texts: Item[];
  actions: React.ReactNode;
};

/** Everything a lead sent, with ways to reach them and the status moves its state allows. */
export function RequestDetailsDialog({
  open,
  onOpenChange,
  kind,
  company,
  status,
  receivedAt,
  contact,
  facts,
  texts,
  actions,
}: Props) {
  const contactId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{company}</DialogTitle>
          <DialogDescription>
            {kind} received {formatDateTime(receivedAt) ?? 'at an unknown time'}.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Status:</span>
          <RequestStatusBadge status={status} />
        </div>

        <section aria-labelledby={contactId} className="grid gap-2 rounded-lg border p-4">
          <h3 id={contactId} className="text-sm font-semibold">
            Contact
          </h3>
          <p className="text-sm wrap-anywhere">{contact.name}</p>
          <div className="flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
            <a
              href={`mailto:${contact.email}`}
              className="inline-flex items-center gap-2 text-primary underline-offset-4 wrap-anywhere hover:underline"
            >
              <MailIcon className="size-4 shrink-0" aria-hidden="true" />
              {contact.email}
            </a>
            {contact.phone && (
              <a
                href={telHref(contact.phone)}
                className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline"
              >
                <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
                {contact.phone}
              </a>
            )}
          </div>
        </section>

        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-muted-foreground">{fact.label}</dt>
              <dd className="font-medium wrap-anywhere">{fact.value ?? 'Not given'}</dd>
            </div>
          ))}
        </dl>

        {texts.map((text) => (
          <div key={text.label} className="grid gap-1 text-sm">
            <h3 className="font-semibold">{text.label}</h3>
            <p className="whitespace-pre-line text-muted-foreground wrap-anywhere">
              {text.value ?? 'Not given'}
            </p>
          </div>
        ))}

        <div className="grid gap-2 border-t pt-4">
          <h3 className="text-sm font-semibold">Next step</h3>
          {actions}
        </div>
      </DialogContent>
    </Dialog>
  );
}
