import { z } from 'zod';

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
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(['application', 'client-request', 'research-request']),
  title: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
