import { StatusBadge, statusOptions } from '@/client/components/domain/status-badge';
import type { BadgeProps } from '@/client/components/ui/badge';
import { outboxStatuses, type OutboxStatus } from '@/shared/schemas/outbox';

export const outboxStatusLabels: Record<OutboxStatus, string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export const outboxStatusOptions = statusOptions(outboxStatuses, outboxStatusLabels);

const variants: Record<OutboxStatus, BadgeProps['variant']> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'destructive',
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <StatusBadge status={status} label={outboxStatusLabels[status]} variant={variants[status]} />
  );
}

const kindLabels: Record<string, string> = {
  'password-reset': 'Password reset',
  'email-changed': 'E-mail changed',
  'inquiry-notification': 'New inquiry (team)',
  'inquiry-confirmation': 'Inquiry received',
  'research-notification': 'New research request (team)',
  'research-confirmation': 'Research request received',
  'application-scheduled': 'Application scheduled',
  'application-declined': 'Application declined',
  'application-completed': 'Study completed',
  'payment-completed': 'Payment sent',
  'studies-open': 'Studies open',
  // Session notices, by mail and by SMS (decisions.md section 9).
  'session-booked': 'Session booked',
  'session-changed': 'Session changed',
  'session-cancelled': 'Session cancelled',
  'session-reminder-24h': 'Reminder 24 h before',
  'session-reminder-2h': 'Reminder 2 h before',
  'session-seat-offered': 'Waitlist seat offered',
  'session-offer-expired': 'Seat offer passed on',
  'session-no-show': 'No-show note',
};

/** "password-reset" -> "Password reset" (mail and SMS kinds); a kind without a label is spelt out from its code. */
export function mailKindLabel(kind: string): string {
  const known = kindLabels[kind];
  if (known) return known;
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
