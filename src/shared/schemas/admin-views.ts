import { z } from 'zod';
import { DATE_RANGE, isIsoDateInRange, text } from './fields';
import { pageQuery, searchParam } from './paging';
import { userTypes } from './options';

export const auditEntrySchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userType: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  timestamp: z.string(),
  /** The acting account's name and e-mail when it still exists (joined on the server). */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dateOrInstant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'Use a date such as 2025-03-04 or a date and time',
  })
  .refine(
    (v) => isIsoDateInRange(v.slice(0, 10)),
    `Use a date from ${DATE_RANGE.min} to ${DATE_RANGE.max}`,
  );

/**
 * The filters of GET /api/audit-log (beside `?limit=&cursor=`). `action` matches
 * the start of the code ("auth.signin" finds every sign-in); `from` and `to` are
 * inclusive: a bare date covers its whole day (UTC), an instant is taken as is.
 */
export const auditFiltersSchema = z.object({
  action: text('Action', { max: 100 }).optional(),
  resource: text('Resource', { max: 50 }).optional(),
  resourceId: text('Resource id', { max: 100 }).optional(),
  userId: z.uuid({ error: 'Not a valid id' }).optional(),
  userType: z.enum(userTypes, { error: 'Use admin or participant' }).optional(),
  from: dateOrInstant.optional(),
  to: dateOrInstant.optional(),
  search: searchParam,
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** The first and last instant a `from` / `to` filter stands for. */
export function auditRangeOf(filters: Pick<AuditFilters, 'from' | 'to'>): {
  from: Date | undefined;
  to: Date | undefined;
} {
  const from = filters.from
    ? new Date(DAY.test(filters.from) ? `${filters.from}T00:00:00.000Z` : filters.from)
    : undefined;
  const to = filters.to
    ? new Date(DAY.test(filters.to) ? `${filters.to}T23:59:59.999Z` : filters.to)
    : undefined;
  return { from, to };
}

export const auditRangeMessage = 'The end of the period must not be before its start';

/** Adds the "from is not after to" check to a schema holding the audit filters. */
export function withOrderedAuditRange<T extends z.ZodType<Pick<AuditFilters, 'from' | 'to'>>>(
  schema: T,
) {
  return schema.refine(
    (value) => {
      const { from, to } = auditRangeOf(value);
      return !from || !to || from.getTime() <= to.getTime();
    },
    { message: auditRangeMessage, path: ['to'] },
  );
}

/** GET /api/audit-log: the filters, an ordered period, and the page. */
export const auditListQuerySchema = withOrderedAuditRange(
  pageQuery.extend(auditFiltersSchema.shape),
);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(['application', 'client-request', 'research-request']),
  title: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the latest events, newest first, and how many are unread. */
export const notificationsAnswerSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationsAnswer = z.infer<typeof notificationsAnswerSchema>;

/**
 * POST /api/notifications/read. Without a body or `event` every event is marked read; with
 * it, that one event (the others keep their state).
 */
export const markNotificationsReadSchema = z
  // Strict: a body this route does not understand (the old `{ upTo }`, a misspelt `event`)
  // would otherwise lose its fields and read every event.
  .strictObject(
    {
      /** Only this event; without it, every event is read. */
      event: z
        .object({
          kind: notificationSchema.shape.kind,
          id: z.uuid({ error: 'Not a valid id' }),
        })
        .optional(),
    },
    { error: 'Send { event: { kind, id } } to read one notification, or {} to read them all' },
  )
  .nullish();
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;
