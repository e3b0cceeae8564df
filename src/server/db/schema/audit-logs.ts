import { index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { UserType } from '../../../shared/schemas/options';
import { id } from './_columns';

/** Who did what to which record, from where. No foreign key: the trail outlives the people. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    userId: uuid('user_id'),
    userType: varchar('user_type', { length: 20 }).$type<UserType>(),
    action: varchar('action', { length: 100 }).notNull(),
    resource: varchar('resource', { length: 50 }).notNull(),
    resourceId: varchar('resource_id', { length: 100 }),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_timestamp_idx').on(t.timestamp.desc(), t.id.desc()),
    index('audit_logs_resource_idx').on(t.resource, t.resourceId),
    index('audit_logs_user_idx').on(t.userId),
    index('audit_logs_action_idx').on(t.action),
  ],
);
